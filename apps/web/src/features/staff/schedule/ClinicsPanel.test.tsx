import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/render';
import { apiError, clinics, member, schedule } from '../staff-test-data';
import { renderStaff } from '../staff-test-render';

const CLINICS = '/api/staff/facilities/siriraj-hospital/clinics';

function api(roles: Parameters<typeof member>[0], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/staff/me': () => json(200, { data: [member(roles)] }),
    'GET /api/staff/facilities/siriraj-hospital/schedule': () => json(200, { data: [schedule()] }),
    [`GET ${CLINICS}`]: () => json(200, { data: clinics() }),
    ...extra,
  });
}

describe('the clinics of the schedule', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each clinic with its queue letter, names and sessions, and adds one with the next free letter', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api(['admin'], {
      [`POST ${CLINICS}`]: (init) =>
        json(201, { data: [{ ...JSON.parse(init.body as string), id: crypto.randomUUID(), sessions: 0 }] }),
    });
    renderStaff('/staff/schedule?view=clinics');
    const table = await screen.findByRole('table', { name: 'คลินิกของสถานพยาบาล' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['A', 'ผู้ป่วยนอกทั่วไปGeneral outpatients', '2 รอบตรวจ', 'เปลี่ยนชื่อลบ']);
    await user.click(screen.getByRole('button', { name: 'เพิ่มคลินิก' }));
    const dialog = await screen.findByRole('dialog', { name: 'เพิ่มคลินิก' });
    expect(within(dialog).getByLabelText(/^อักษรคิว/)).toHaveValue('B');
    await user.type(within(dialog).getByLabelText(/^ชื่อภาษาไทย/), 'ทันตกรรม');
    await user.type(within(dialog).getByLabelText(/^ชื่อภาษาอังกฤษ/), 'Dental');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText('เพิ่มคลินิกทันตกรรมแล้ว')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse((post?.[1] as RequestInit).body as string)).toEqual({
      queuePrefix: 'B',
      nameTh: 'ทันตกรรม',
      nameEn: 'Dental',
    });
  });

  it('puts a letter another clinic has back on its box, and cannot change the letter of a clinic', async () => {
    const user = userEvent.setup({ delay: null });
    api(['admin'], {
      [`POST ${CLINICS}`]: () =>
        json(409, apiError('clinic_prefix_taken', 'อักษร M เป็นของคลินิกอื่นแล้ว', { queuePrefix: 'taken' })),
    });
    renderStaff('/staff/schedule?view=clinics');
    await user.click(await screen.findByRole('button', { name: 'เพิ่มคลินิก' }));
    const dialog = await screen.findByRole('dialog', { name: 'เพิ่มคลินิก' });
    const letter = within(dialog).getByLabelText(/^อักษรคิว/);
    await user.clear(letter);
    await user.type(letter, 'M');
    await user.type(within(dialog).getByLabelText(/^ชื่อภาษาไทย/), 'อายุรกรรม 2');
    await user.type(within(dialog).getByLabelText(/^ชื่อภาษาอังกฤษ/), 'Medicine 2');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    expect(await within(dialog).findByText('อักษรนี้เป็นของคลินิกอื่นแล้ว กรุณาเลือกอักษรอื่น')).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'ยกเลิก' })[0]);

    await user.click(await screen.findByRole('button', { name: 'เปลี่ยนชื่อ คลินิกอายุรกรรม' }));
    const rename = await screen.findByRole('dialog', { name: 'เปลี่ยนชื่อคลินิก' });
    expect(within(rename).getByLabelText(/^อักษรคิว/)).toBeDisabled();
  });

  it('says why a clinic in use cannot be removed', async () => {
    const user = userEvent.setup({ delay: null });
    const [general] = clinics();
    api(['admin'], {
      [`DELETE ${CLINICS}/${general.id}`]: () => json(409, apiError('clinic_in_use', 'in use')),
    });
    renderStaff('/staff/schedule?view=clinics');
    await user.click(await screen.findByRole('button', { name: 'ลบ คลินิกผู้ป่วยนอกทั่วไป' }));
    const confirm = await screen.findByRole('dialog', { name: 'ลบคลินิกผู้ป่วยนอกทั่วไป?' });
    await user.click(within(confirm).getByRole('button', { name: 'ลบ' }));
    expect(await within(confirm).findByText(/ยังมีรอบตรวจหรือเลขคิวอยู่/)).toBeInTheDocument();
  });

  it('is read only for the front desk', async () => {
    api(['front_desk']);
    renderStaff('/staff/schedule?view=clinics');
    await screen.findByRole('table', { name: 'คลินิกของสถานพยาบาล' });
    expect(screen.queryByRole('button', { name: 'เพิ่มคลินิก' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^เปลี่ยนชื่อ/ })).not.toBeInTheDocument();
  });
});
