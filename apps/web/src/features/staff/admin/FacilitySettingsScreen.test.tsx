import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/render';
import { apiError, facilitySettings, member } from '../staff-test-data';
import { renderStaff } from '../staff-test-render';

const SETTINGS = '/api/staff/facilities/siriraj-hospital/settings';

function api(settings = facilitySettings(), extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/staff/me': () => json(200, { data: [member(['admin'])] }),
    [`GET ${SETTINGS}`]: () => json(200, { data: [settings] }),
    ...extra,
  });
}
const puts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse((init as RequestInit).body as string));

type User = ReturnType<typeof userEvent.setup>;
async function setTime(user: User, label: string, hour: string, minute: string) {
  const group = screen.getByRole('group', { name: label });
  await user.selectOptions(within(group).getByRole('combobox', { name: 'ชั่วโมง' }), hour);
  await user.selectOptions(within(group).getByRole('combobox', { name: 'นาที' }), minute);
}
const hourOf = (label: string) =>
  within(screen.getByRole('group', { name: label })).getByRole('combobox', { name: 'ชั่วโมง' });

describe('the facility settings screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the stored settings: phone as Thais write it, hours on record it cannot show, schemes, insurers and the deposit', async () => {
    api(
      facilitySettings({
        openingHours: { kind: 'not_stated' },
        openingHoursText: 'Mo-Fr 08:00-12:00,13:00-16:00; PH off',
        insurers: ['AIA', 'Dhipaya Insurance'],
        depositAmount: 1500,
        receivesDeposits: false,
      }),
    );
    renderStaff('/staff?screen=settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'ตั้งค่าสถานพยาบาล' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'ตั้งค่าสถานพยาบาล', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'เบอร์โทรศัพท์ของสถานพยาบาล' })).toHaveValue('02-419-7000');
    expect(screen.getByText('เวลาทำการที่บันทึกไว้: Mo-Fr 08:00-12:00,13:00-16:00; PH off')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'ไม่ระบุ' })).toBeChecked();
    expect(screen.queryByRole('group', { name: 'เวลาทำการแต่ละวัน' })).not.toBeInTheDocument();
    const schemes = screen.getByRole('group', { name: 'สิทธิการรักษาที่รับ' });
    expect(within(schemes).getByRole('checkbox', { name: 'บัตรทอง (สปสช.)' })).toBeChecked();
    expect(within(schemes).getByRole('checkbox', { name: 'ประกันสังคม' })).toBeChecked();
    expect(within(schemes).getByRole('checkbox', { name: 'สวัสดิการข้าราชการ' })).not.toBeChecked();
    expect(within(schemes).getByRole('checkbox', { name: 'ข้าราชการส่วนท้องถิ่น' })).not.toBeChecked();
    const insurers = screen.getByRole('group', { name: 'บริษัทประกันที่รับ' });
    expect(within(insurers).getByRole('checkbox', { name: 'เอไอเอ' })).toBeChecked();
    expect(within(insurers).getByRole('checkbox', { name: 'เมืองไทยประกันชีวิต' })).not.toBeChecked();
    expect(within(insurers).getByRole('checkbox', { name: 'Dhipaya Insurance' })).toBeChecked();
    expect(screen.getByText('มัดจำเริ่มต้น 1,500 บาท')).toBeInTheDocument();
    expect(screen.getByText(/ยังรับมัดจำไม่ได้/)).toBeInTheDocument();
    expect(screen.getByText(/ตั้งค่ากับผู้ให้บริการแอปใกล้หมอ/)).toBeInTheDocument();
    expect(screen.getByText(/แต่ละรอบตรวจเก็บมัดจำตามที่ตั้งไว้ในรอบนั้น/)).toBeInTheDocument();
  });

  it('checks the hours by weekday before sending, on the day they are wrong', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api();
    renderStaff('/staff?screen=settings');
    await user.click(await screen.findByRole('radio', { name: 'ตามวันในสัปดาห์' }));
    // Monday to Friday open from 08:00 to 16:00 to start with, the weekend closed
    expect(screen.getByRole('checkbox', { name: 'เปิดวันจันทร์' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'เปิดวันเสาร์' })).not.toBeChecked();
    expect(screen.queryByRole('group', { name: 'เวลาเปิดวันเสาร์' })).not.toBeInTheDocument();
    await setTime(user, 'เวลาปิดวันพุธ', '07', '00');
    await user.clear(screen.getByRole('textbox', { name: 'เบอร์โทรศัพท์ของสถานพยาบาล' }));
    await user.type(screen.getByRole('textbox', { name: 'เบอร์โทรศัพท์ของสถานพยาบาล' }), '0812');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(hourOf('เวลาปิดวันพุธ')).toHaveAccessibleDescription('เวลาสิ้นสุดต้องหลังเวลาเริ่ม'));
    expect(screen.getByRole('textbox', { name: 'เบอร์โทรศัพท์ของสถานพยาบาล' })).toHaveAccessibleDescription(
      'เบอร์โทรศัพท์ไม่ถูกต้อง เช่น 02-419-7000, 081-234-5678 หรือ 1669',
    );
    expect(hourOf('เวลาปิดวันจันทร์')).not.toHaveAccessibleDescription('เวลาสิ้นสุดต้องหลังเวลาเริ่ม');

    for (const day of ['จันทร์', 'อังคาร', 'พุธ', 'พฤหัสบดี', 'ศุกร์'])
      await user.click(screen.getByRole('checkbox', { name: `เปิดวัน${day}` }));
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText('กรุณาเลือกวันที่เปิดอย่างน้อย 1 วัน')).toBeInTheDocument();
    expect(puts(fetchMock)).toEqual([]);
  });

  it('saves in the contract shape, puts the server’s field reasons back on their fields, then says it is saved', async () => {
    const user = userEvent.setup({ delay: null });
    let answer = 400;
    const fetchMock = api(facilitySettings(), {
      [`PUT ${SETTINGS}`]: (init) =>
        answer === 400
          ? json(
              400,
              apiError('validation_failed', 'ข้อมูลไม่ถูกต้อง', {
                phone: 'invalid_phone',
                'openingHours.days.1.closes': 'end_before_start',
              }),
            )
          : json(200, {
              data: [
                facilitySettings({
                  ...JSON.parse(init.body as string),
                  openingHoursText: null,
                  updatedAt: new Date().toISOString(),
                }),
              ],
            }),
    });
    renderStaff('/staff?screen=settings');
    const phone = await screen.findByRole('textbox', { name: 'เบอร์โทรศัพท์ของสถานพยาบาล' });
    await user.clear(phone);
    await user.type(phone, '02 419 7000');
    await user.click(screen.getByRole('radio', { name: 'ตามวันในสัปดาห์' }));
    await user.click(screen.getByRole('checkbox', { name: 'เปิดวันจันทร์' }));
    await user.click(screen.getByRole('checkbox', { name: 'เปิดวันเสาร์' }));
    await setTime(user, 'เวลาปิดวันเสาร์', '12', '00');
    await user.click(screen.getByRole('checkbox', { name: 'สวัสดิการข้าราชการ' }));
    await user.click(screen.getByRole('checkbox', { name: 'ประกันสังคม' }));
    await user.click(screen.getByRole('checkbox', { name: 'กรุงเทพประกันภัย' }));
    await user.clear(screen.getByRole('textbox', { name: /^มัดจำเริ่มต้น/ }));
    await user.type(screen.getByRole('textbox', { name: /^มัดจำเริ่มต้น/ }), '1,200');
    expect(screen.getByText('มัดจำเริ่มต้น 1,200 บาท')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));

    // The second open day is Wednesday: Monday is closed now
    await waitFor(() => expect(hourOf('เวลาปิดวันพุธ')).toHaveAccessibleDescription('เวลาสิ้นสุดต้องหลังเวลาเริ่ม'));
    expect(screen.getByRole('textbox', { name: 'เบอร์โทรศัพท์ของสถานพยาบาล' })).toHaveAccessibleDescription(
      'เบอร์โทรศัพท์ไม่ถูกต้อง เช่น 02-419-7000, 081-234-5678 หรือ 1669',
    );
    const body = puts(fetchMock)[0];
    expect(body).toEqual({
      phone: '024197000',
      openingHours: {
        kind: 'weekly',
        days: [
          { weekday: 2, opens: '08:00', closes: '16:00' },
          { weekday: 3, opens: '08:00', closes: '16:00' },
          { weekday: 4, opens: '08:00', closes: '16:00' },
          { weekday: 5, opens: '08:00', closes: '16:00' },
          { weekday: 6, opens: '08:00', closes: '12:00' },
        ],
      },
      emergency24h: false,
      schemes: ['ucs', 'csmbs'],
      insurers: ['AIA', 'Bangkok Insurance'],
      depositAmount: 1200,
      replyWithinHours: 24,
      nearHomePharmacy: false,
    });

    answer = 200;
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText('บันทึกการตั้งค่าแล้ว ผู้ป่วยเห็นข้อมูลใหม่ทันที')).toBeInTheDocument();
    expect(puts(fetchMock)).toHaveLength(2);
    expect(screen.getByRole('radio', { name: 'ตามวันในสัปดาห์' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'เปิดวันจันทร์' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'เบอร์โทรศัพท์ของสถานพยาบาล' })).toHaveValue('02-419-7000');
  });

  it('sets a 24-hour emergency department apart from the outpatient hours, and shows the server’s reason on it', async () => {
    const user = userEvent.setup({ delay: null });
    let answer = 400;
    const fetchMock = api(facilitySettings({ openingHours: { kind: 'not_stated' } }), {
      [`PUT ${SETTINGS}`]: (init) =>
        answer === 400
          ? json(400, apiError('validation_failed', 'ข้อมูลไม่ถูกต้อง', { emergency24h: 'invalid_choice' }))
          : json(200, { data: [facilitySettings(JSON.parse(init.body as string))] }),
    });
    renderStaff('/staff?screen=settings');
    const hours = await screen.findByRole('group', { name: 'เวลาทำการผู้ป่วยนอก (OPD)' });
    await user.click(within(hours).getByRole('radio', { name: 'ตามวันในสัปดาห์' }));
    const emergency = screen.getByRole('checkbox', { name: 'มีห้องฉุกเฉินเปิด 24 ชั่วโมง' });
    expect(emergency).not.toBeChecked();
    expect(emergency).toHaveAccessibleDescription('ผู้ป่วยจะเห็นว่าห้องฉุกเฉินเปิดอยู่ แม้นอกเวลาผู้ป่วยนอก');
    await user.click(emergency);
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(emergency).toHaveAccessibleDescription('ร้านยาไม่มีห้องฉุกเฉิน จึงตั้งค่านี้ไม่ได้'));
    expect(puts(fetchMock)[0]).toMatchObject({
      openingHours: {
        kind: 'weekly',
        days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '08:00', closes: '16:00' })),
      },
      emergency24h: true,
    });

    answer = 200;
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText('บันทึกการตั้งค่าแล้ว ผู้ป่วยเห็นข้อมูลใหม่ทันที')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'มีห้องฉุกเฉินเปิด 24 ชั่วโมง' })).toBeChecked();
  });

  it('states the time the team answers patients’ messages in, checks it, and sends none when the box is empty', async () => {
    const user = userEvent.setup({ delay: null });
    let answer = 200;
    const fetchMock = api(facilitySettings({ replyWithinHours: 24 }), {
      [`PUT ${SETTINGS}`]: (init) =>
        answer === 400
          ? json(400, apiError('validation_failed', 'ข้อมูลไม่ถูกต้อง', { replyWithinHours: 'out_of_range' }))
          : json(200, {
              data: [facilitySettings({ ...JSON.parse(init.body as string), updatedAt: new Date().toISOString() })],
            }),
    });
    renderStaff('/staff/settings');
    const reply = await screen.findByRole('textbox', { name: 'ตอบข้อความผู้ป่วยภายใน (ชั่วโมง)' });
    expect(reply).toHaveValue('24');
    expect(screen.getByText('ผู้ป่วยจะเห็นว่าทีมดูแลตอบภายใน 24 ชั่วโมง')).toBeInTheDocument();

    await user.clear(reply);
    await user.type(reply, '200');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(reply).toHaveAccessibleDescription('1 ถึง 168 ชั่วโมง (ไม่เกิน 7 วัน)'));
    await user.clear(reply);
    await user.type(reply, 'สองวัน');
    await waitFor(() => expect(reply).toHaveAccessibleDescription('กรุณากรอกเป็นตัวเลขจำนวนเต็ม'));
    expect(puts(fetchMock)).toEqual([]);

    await user.clear(reply);
    await user.type(reply, '48');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText('บันทึกการตั้งค่าแล้ว ผู้ป่วยเห็นข้อมูลใหม่ทันที')).toBeInTheDocument();
    expect(puts(fetchMock)[0]).toMatchObject({ replyWithinHours: 48 });

    // Empty: no reply time stated
    const saved = screen.getByRole('textbox', { name: 'ตอบข้อความผู้ป่วยภายใน (ชั่วโมง)' });
    expect(saved).toHaveValue('48');
    await user.clear(saved);
    expect(screen.getByText('ไม่ระบุเวลาตอบ ผู้ป่วยจะไม่เห็นว่าจะได้คำตอบเมื่อไร')).toBeInTheDocument();
    answer = 400;
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    // The server's reason comes back on the field
    await waitFor(() => expect(saved).toHaveAccessibleDescription('1 ถึง 168 ชั่วโมง (ไม่เกิน 7 วัน)'));
    expect(puts(fetchMock)[1]).toMatchObject({ replyWithinHours: null });
  });

  it('offers a pharmacy no emergency department, but a part in the near-home pharmacy scheme, and keeps it on saving', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api(facilitySettings({ kind: 'pharmacy', depositAmount: 0, nearHomePharmacy: false }), {
      [`PUT ${SETTINGS}`]: (init) => json(200, { data: [facilitySettings(JSON.parse(init.body as string))] }),
    });
    renderStaff('/staff?screen=settings');
    expect(await screen.findByRole('textbox', { name: 'เบอร์โทรศัพท์ของสถานพยาบาล' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'มีห้องฉุกเฉินเปิด 24 ชั่วโมง' })).not.toBeInTheDocument();
    const scheme = screen.getByRole('checkbox', { name: 'ร้านยานี้ร่วมโครงการรับยาใกล้บ้าน (สปสช.)' });
    expect(scheme).toHaveAccessibleDescription('ผู้ป่วยที่ขอรับยาต่อจากโรงพยาบาลจะเลือกรับยาที่ร้านนี้ได้');
    await user.click(scheme);
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    expect(puts(fetchMock)[0]).toMatchObject({ nearHomePharmacy: true, emergency24h: false });
  });

  it('offers a hospital no part in the near-home pharmacy scheme', async () => {
    api(facilitySettings());
    renderStaff('/staff?screen=settings');
    expect(await screen.findByRole('checkbox', { name: 'มีห้องฉุกเฉินเปิด 24 ชั่วโมง' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /รับยาใกล้บ้าน/ })).not.toBeInTheDocument();
  });

  it('says a deposit needs a PromptPay account, on the deposit', async () => {
    const user = userEvent.setup({ delay: null });
    api(facilitySettings({ depositAmount: 0, receivesDeposits: false }), {
      [`PUT ${SETTINGS}`]: () => json(409, apiError('deposit_needs_promptpay', 'ต้องมีบัญชีพร้อมเพย์')),
    });
    renderStaff('/staff?screen=settings');
    const deposit = await screen.findByRole('textbox', { name: /^มัดจำเริ่มต้น/ });
    await user.clear(deposit);
    await user.type(deposit, '500');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText(/จึงตั้งมัดจำเริ่มต้นไม่ได้ ใส่ 0 หรือติดต่อผู้ให้บริการแอปใกล้หมอ/)).toBeInTheDocument();
    expect(deposit).toHaveAccessibleDescription('ต้องมีบัญชีพร้อมเพย์ก่อน จึงเก็บมัดจำได้');
  });

  it('says so when the settings fail to load', async () => {
    mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['admin'])] }),
      [`GET ${SETTINGS}`]: () => json(500, apiError('internal_error', 'ระบบขัดข้อง')),
    });
    renderStaff('/staff?screen=settings');
    expect(await screen.findByText('โหลดข้อมูลไม่สำเร็จ')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ลองอีกครั้ง' })).toBeInTheDocument();
  });
});
