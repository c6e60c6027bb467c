import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/render';
import { apiError, clinics, member, morning, schedule, staffMember } from '../staff-test-data';
import { renderStaff } from '../staff-test-render';

const BASE = 'GET /api/staff/facilities/siriraj-hospital/schedule';

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/staff/me': () => json(200, { data: [member(['admin'])] }),
    [BASE]: () => json(200, { data: [schedule()] }),
    ...extra,
  });
}

async function setTime(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  label: string,
  hour: string,
  minute: string,
) {
  const group = within(dialog).getByRole('group', { name: label });
  await user.selectOptions(within(group).getByRole('combobox', { name: 'ชั่วโมง' }), hour);
  await user.selectOptions(within(group).getByRole('combobox', { name: 'นาที' }), minute);
}

async function replace(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, text: string) {
  await user.clear(box);
  if (text) await user.type(box, text);
}

describe('the weekly session form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses what the shared schema refuses, each field saying why, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api();
    renderStaff('/staff');
    await user.click(await screen.findByRole('button', { name: 'เพิ่มตารางประจำสัปดาห์' }));
    const dialog = await screen.findByRole('dialog', { name: 'เพิ่มตารางประจำสัปดาห์' });
    const box = (name: RegExp) => within(dialog).getByLabelText(name);
    await setTime(user, dialog, 'เริ่ม', '10', '00');
    await setTime(user, dialog, 'สิ้นสุด', '09', '30');
    await replace(user, box(/^ช่วงละ/), '3');
    await replace(user, box(/^รับต่อช่วง/), '0');
    await replace(user, box(/^มัดจำ/), 'สองร้อย');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));

    expect(await within(dialog).findByText('กรุณาเลือกอย่างน้อย 1 วัน')).toBeInTheDocument();
    expect(box(/^ช่วงละ/)).toHaveAccessibleDescription('ช่วงละ 5 ถึง 480 นาที');
    expect(box(/^รับต่อช่วง/)).toHaveAccessibleDescription('รับได้ 1 ถึง 500 คนต่อช่วง');
    expect(box(/^มัดจำ/)).toHaveAccessibleDescription('กรุณากรอกเป็นตัวเลขจำนวนเต็ม');

    // The hours are checked together once each field holds a value of its kind
    await user.click(within(dialog).getByRole('button', { name: 'จันทร์–ศุกร์' }));
    await replace(user, box(/^ช่วงละ/), '30');
    await replace(user, box(/^รับต่อช่วง/), '2');
    await replace(user, box(/^มัดจำ/), '0');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    await waitFor(() =>
      expect(
        within(within(dialog).getByRole('group', { name: 'สิ้นสุด' })).getByRole('combobox', { name: 'ชั่วโมง' }),
      ).toHaveAccessibleDescription('เวลาสิ้นสุดต้องหลังเวลาเริ่ม'),
    );
    expect(within(dialog).queryByText('กรุณาเลือกอย่างน้อย 1 วัน')).not.toBeInTheDocument();

    // A slot longer than the session is the slot length's fault
    await setTime(user, dialog, 'สิ้นสุด', '10', '30');
    await replace(user, box(/^ช่วงละ/), '45');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(box(/^ช่วงละ/)).toHaveAccessibleDescription('ช่วงเวลาต่อคิวยาวกว่าเวลาทำการของรอบนี้'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('adds a session with the contract shape and says its slots are open', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api({
      'POST /api/staff/facilities/siriraj-hospital/schedule/templates': (init) =>
        json(201, {
          data: [{ ...morning, ...JSON.parse(init.body as string), id: crypto.randomUUID(), slotsPerSession: 6 }],
        }),
    });
    renderStaff('/staff');
    await user.click(await screen.findByRole('button', { name: 'เพิ่มตารางประจำสัปดาห์' }));
    const dialog = await screen.findByRole('dialog', { name: 'เพิ่มตารางประจำสัปดาห์' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'เสาร์' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'อังคาร' }));
    await replace(user, within(dialog).getByLabelText(/^ช่วงละ/), '30');
    expect(within(dialog).getByLabelText(/^ช่วงละ/)).toHaveAccessibleDescription('ได้ 6 ช่วงต่อรอบ');
    await replace(user, within(dialog).getByLabelText(/^รับต่อช่วง/), '3');
    await replace(user, within(dialog).getByLabelText(/^มัดจำ/), '1,500');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText('บันทึกตารางแล้ว ช่วงเวลาเปิดให้จองทันที')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse((post?.[1] as RequestInit).body as string)).toEqual({
      service: 'screening',
      weekdays: [2, 6],
      sessionStart: '09:00',
      sessionEnd: '12:00',
      slotMinutes: 30,
      places: 3,
      clinician: null,
      depositAmount: 1500,
    });
  });

  it('puts the session in the clinic chosen, seen by the clinician chosen among the members', async () => {
    const user = userEvent.setup({ delay: null });
    const [general, medicine] = clinics();
    const doctor = staffMember({ roles: ['clinician'], displayName: 'นพ.ธนากร ศรีสุข' });
    const fetchMock = api({
      'GET /api/staff/facilities/siriraj-hospital/clinics': () => json(200, { data: clinics() }),
      'GET /api/staff/facilities/siriraj-hospital/staff': () => json(200, { data: [staffMember(), doctor] }),
      'POST /api/staff/facilities/siriraj-hospital/schedule/templates': (init) =>
        json(201, {
          data: [{ ...morning, ...JSON.parse(init.body as string), id: crypto.randomUUID(), slotsPerSession: 3 }],
        }),
    });
    renderStaff('/staff');
    // Each session is shown with its clinic
    expect(await screen.findAllByText(`A · ${general.nameTh}`)).not.toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'เพิ่มตารางประจำสัปดาห์' }));
    const dialog = await screen.findByRole('dialog', { name: 'เพิ่มตารางประจำสัปดาห์' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'จันทร์' }));
    const clinic = within(dialog).getByRole('combobox', { name: 'คลินิก' });
    expect(clinic).toHaveValue(general.id);
    await user.selectOptions(clinic, medicine.id);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^แพทย์ผู้ตรวจ/ }), doctor.id);
    // The name comes from the member: no name to type
    expect(within(dialog).queryByLabelText(/^แพทย์ที่ออกตรวจ/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText('บันทึกตารางแล้ว ช่วงเวลาเปิดให้จองทันที')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse((post?.[1] as RequestInit).body as string)).toMatchObject({
      weekdays: [1],
      clinicId: medicine.id,
      clinicianMemberId: doctor.id,
    });
  });

  it('says plainly when fewer places than booked are asked', async () => {
    const user = userEvent.setup({ delay: null });
    const message = 'มีช่วงเวลาที่ผู้ป่วยจองไว้มากกว่าจำนวนที่รับใหม่ กรุณาเพิ่มจำนวนที่รับ หรือยกเลิกนัดก่อน';
    api({
      [`PUT /api/staff/facilities/siriraj-hospital/schedule/templates/${morning.id}`]: () =>
        json(409, apiError('places_below_booked', message, { places: 'out_of_range' })),
    });
    renderStaff('/staff');
    await user.click(await screen.findByRole('button', { name: 'แก้ไขรอบ จ.–ศ. 09:00–12:00 น.' }));
    const dialog = await screen.findByRole('dialog', { name: 'แก้ไขตารางประจำสัปดาห์' });
    expect(within(dialog).getByRole('checkbox', { name: 'ศุกร์' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'เสาร์' })).not.toBeChecked();
    await replace(user, within(dialog).getByLabelText(/^รับต่อช่วง/), '1');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^รับต่อช่วง/)).toHaveAccessibleDescription('มีผู้ป่วยจองไว้มากกว่าจำนวนนี้');
  });
});
