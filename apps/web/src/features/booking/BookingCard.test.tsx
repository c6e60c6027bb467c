import type { Appointment, Hospital, ScreeningSlot } from '@klaimor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { BookingCard } from './BookingCard';
import { formatShortDay, formatTimeRange } from '../../lib/clock-time';
import { loadDraft } from './booking-draft';
import type { ReturnToState } from '../auth/return-to';

const hospital: Hospital = {
  id: 'siriraj-hospital',
  mophCode: null,
  nameTh: 'โรงพยาบาลศิริราช',
  nameEn: 'Siriraj Hospital',
  kind: 'hospital',
  ownership: 'public',
  address: '2 ถนนวังหลัง',
  subdistrict: 'ศิริราช',
  district: 'บางกอกน้อย',
  province: 'กรุงเทพมหานคร',
  subdistrictEn: 'Siriraj',
  districtEn: 'Bangkok Noi',
  provinceEn: 'Bangkok',
  postcode: '10700',
  lat: 13.75793,
  lng: 100.48585,
  positionFlag: null,
  mophType: null,
  beds: null,
  serviceLevel: null,
  phone: '024197000',
  openingHours: '24/7',
  emergency24h: false,
  schemes: ['ucs', 'sss'],
  insurers: ['เมืองไทยประกันชีวิต'],
  depositAmount: 200,
  takesBookings: true,
  source: { name: 'Wikipedia', ref: 'https://example.org', licence: 'CC BY-SA 4.0' },
  distanceM: 850,
};

const generalClinic = {
  id: '5c0e2a4b-7d1f-4e3a-9b6c-1a2b3c4d5e01',
  nameTh: 'ผู้ป่วยนอกทั่วไป',
  nameEn: 'General outpatients',
};
const slot = (id: string, start: string, remaining: number, clinic = generalClinic): ScreeningSlot => ({
  id,
  hospitalId: hospital.id,
  start,
  end: start.replace(':00:00', ':30:00'),
  clinic,
  doctor: 'นพ. สมชาย ใจดี',
  capacity: 4,
  remaining,
  depositAmount: 200,
});
const FULL = '00000000-0000-4000-8000-000000000001';
const EARLY = '00000000-0000-4000-8000-000000000002';
const LATER = '00000000-0000-4000-8000-000000000003';
// 09:00 and 10:00 in Bangkok on Friday 12 June 2026
const slots = [
  slot(FULL, '2026-06-12T01:00:00.000Z', 0),
  slot(EARLY, '2026-06-12T02:00:00.000Z', 3),
  slot(LATER, '2026-06-12T03:00:00.000Z', 1),
];

const appointment = (status: Appointment['status']): Appointment => ({
  id: '11111111-1111-4111-8111-111111111111',
  reference: '11111111',
  status,
  hospital: {
    id: hospital.id,
    nameTh: hospital.nameTh,
    nameEn: hospital.nameEn,
    phone: hospital.phone,
    address: hospital.address,
    subdistrict: hospital.subdistrict,
    district: hospital.district,
    province: hospital.province,
    postcode: hospital.postcode,
    lat: hospital.lat,
    lng: hospital.lng,
  },
  start: slots[1].start,
  end: slots[1].end,
  clinic: generalClinic,
  doctor: slots[1].doctor,
  symptoms: 'เจ็บหน้าอก หายใจไม่ออก',
  duration: '2 ชั่วโมง',
  deposit: {
    amount: 200,
    currency: 'THB',
    promptpayPayload: '00020101021229370016A000000677010111011300000000000195802TH53037645406200.006304ABCD',
    qrImageUrl: null,
    promptpayId: '0000000000019',
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    paidAt: status === 'booked' ? new Date().toISOString() : null,
    paymentReference: null,
    refundableUntil: '2026-06-11T02:00:00.000Z',
    refund: 'none',
    atDesk: null,
  },
  cancellation: null,
  queue: null,
  createdAt: new Date().toISOString(),
});

const patient = { id: 'u1', firstname: 'สมชาย', lastname: 'ใจดี', phone: '0812345678', province: 'กรุงเทพมหานคร' };

function LoginProbe() {
  const state = useLocation().state as ReturnToState | null;
  return (
    <p>
      login page, back to {state?.returnTo}
      {state?.booking ? `, booking at ${state.booking.nameTh}` : ''}
    </p>
  );
}

function renderCard(search = '') {
  return renderWithProviders(
    <Routes>
      <Route path="/map" element={<BookingCard hospital={hospital} distanceM={850} onClose={() => undefined} />} />
      <Route path="/login" element={<LoginProbe />} />
    </Routes>,
    { route: `/map?hospital=${hospital.id}${search}` },
  );
}

describe('BookingCard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('books a screening: symptoms with the 1669 warning, slot, deposit QR, simulated payment, confirmation', async () => {
    let paid = false;
    const fetchMock = mockApi({
      'GET /api/users/me': () => json(200, { data: [patient] }),
      'GET /api/app-config': () =>
        json(200, {
          data: [{ devSmsOutbox: true, devPayments: true, notificationChannels: ['in_app'], webPushPublicKey: null }],
        }),
      'GET /api/hospitals/siriraj-hospital/slots': () => json(200, { data: slots }),
      'POST /api/appointments': () => json(201, { data: [appointment('awaiting_deposit')] }),
      [`POST /api/dev/payments/${appointment('booked').id}/paid`]: () => {
        paid = true;
        return json(200, { data: [appointment('booked')] });
      },
      [`GET /api/appointments/${appointment('booked').id}`]: () =>
        json(200, { data: [appointment(paid ? 'booked' : 'awaiting_deposit')] }),
    });
    const user = userEvent.setup();
    const { queryClient } = renderCard();

    expect(screen.getByRole('heading', { name: 'โรงพยาบาลศิริราช' })).toBeInTheDocument();
    expect(screen.getByText('ห่างจากคุณ 850 ม.')).toBeInTheDocument();
    const accepts = screen.getByRole('list', { name: 'สิทธิและประกันที่รับ' });
    expect(within(accepts).getByText('บัตรทอง (สปสช.)')).toBeInTheDocument();
    expect(within(accepts).getByText('เมืองไทยประกันชีวิต')).toBeInTheDocument();
    expect(screen.getByText('ขั้นตอนที่ 1 จาก 4')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(['users', 'me'])).toEqual(patient));
    await user.click(screen.getByRole('button', { name: 'ระบุอาการ' }));

    // Slots are grouped by day: the first day with a free place is shown, its times listed under it, none chosen.
    expect(await screen.findByRole('button', { name: 'ศุกร์ 12 มิ.ย.' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('วันศุกร์ที่ 12 มิถุนายน 2569')).toBeInTheDocument();
    const earliest = screen.getByRole('radio', { name: /^09:00–09:30 น\. นพ\. สมชาย ใจดี ว่าง 3 ที่$/ });
    expect(earliest).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /^10:00–10:30 น\./ })).not.toBeChecked();
    expect(screen.queryByRole('radio', { name: /08:00/ })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'ระบุอาการเบื้องต้น' }), 'เจ็บหน้าอก หายใจไม่ออก');
    await user.type(screen.getByRole('textbox', { name: 'ระยะเวลาที่พบอาการ' }), '2 ชั่วโมง');
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('อาการของคุณอาจเป็นภาวะฉุกเฉิน');
    expect(warning).toHaveTextContent('ไม่ใช่การวินิจฉัยโรค');
    expect(within(warning).getByRole('link', { name: 'โทร 1669' })).toHaveAttribute('href', 'tel:1669');
    const submit = screen.getByRole('button', { name: 'ส่งข้อมูล' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'ฉันเข้าใจ และต้องการนัดตรวจคัดกรองต่อ' }));
    // Described and acknowledged, but no time tapped yet: still not sent, and the card says why.
    expect(submit).toBeDisabled();
    expect(screen.getByText('แตะเลือกเวลานัดก่อนส่งข้อมูล')).toBeInTheDocument();
    await user.click(earliest);
    expect(earliest).toBeChecked();
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await screen.findByText('กรุณาชำระเงินมัดจำเพื่อรับการคัดกรองอาการ')).toBeInTheDocument();
    const [, postInit] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/appointments'))!;
    expect(JSON.parse(String(postInit?.body))).toEqual({
      hospitalId: 'siriraj-hospital',
      slotId: EARLY,
      symptoms: 'เจ็บหน้าอก หายใจไม่ออก',
      duration: '2 ชั่วโมง',
    });
    const key = (postInit?.headers as Record<string, string>)['Idempotency-Key'];
    expect(key).toBe(loadDraft(hospital.id).idempotencyKey);
    expect(key.length).toBeGreaterThanOrEqual(8);
    // The amount in large type, and again beside the account to copy.
    expect(screen.getAllByText('200 บาท')).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'QR พร้อมเพย์สำหรับชำระเงินมัดจำ 200 บาท' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/กรุณาชำระภายใน 1[45]:\d\d นาที/);
    // Paying from the same phone: save the QR for the banking app's gallery scan, or copy the account and the amount.
    expect(screen.getByRole('button', { name: 'บันทึกรูป QR' })).toBeInTheDocument();
    expect(screen.getByText('แตะ "รูปภาพ" หรือ "คลังภาพ" ในหน้าสแกน แล้วเลือกรูป QR ที่บันทึกไว้')).toBeInTheDocument();
    expect(screen.getByText('0-0000-00000-01-9')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'คัดลอกเลขพร้อมเพย์' }));
    expect(await navigator.clipboard.readText()).toBe('0000000000019');
    expect(screen.getByRole('status')).toHaveTextContent('คัดลอกเลขพร้อมเพย์แล้ว');
    await user.click(screen.getByRole('button', { name: 'คัดลอกจำนวนเงิน' }));
    expect(await navigator.clipboard.readText()).toBe('200');

    // Paid: the card moves on by itself, with no confirm tap.
    await user.click(await screen.findByRole('button', { name: 'จำลองการชำระเงิน (โหมดพัฒนา)' }));
    expect(await screen.findByText('นัดหมายสำเร็จ')).toBeInTheDocument();
    expect(screen.getByText('ได้รับเงินมัดจำแล้ว')).toBeInTheDocument();
    expect(screen.getByText('ขั้นตอนที่ 4 จาก 4')).toBeInTheDocument();
    expect(screen.getByText('วันศุกร์ที่ 12 มิถุนายน 2569')).toBeInTheDocument();
    expect(screen.getByText('09:00–09:30 น.')).toBeInTheDocument();
    // A clear end: the way to the appointment's page, and no button left that does nothing.
    expect(screen.getByRole('link', { name: 'ดูนัดหมาย' })).toHaveAttribute(
      'href',
      `/appointments/${appointment('booked').id}`,
    );
    expect(screen.queryByRole('button', { name: 'ยืนยันการนัดหมาย' })).not.toBeInTheDocument();
  });

  it('opens a slot finder’s booking link with its time chosen, once the patient describes the symptoms', async () => {
    mockApi({
      'GET /api/users/me': () => json(200, { data: [patient] }),
      'GET /api/hospitals/siriraj-hospital/slots': () => json(200, { data: slots }),
    });
    const user = userEvent.setup();
    renderCard(`&slot=${LATER}`);
    await user.click(await screen.findByRole('button', { name: 'ระบุอาการ' }));
    const linked = await screen.findByRole('radio', { name: /^10:00–10:30 น\./ });
    expect(linked).toBeChecked();
    expect(screen.getByRole('radio', { name: /^09:00–09:30 น\./ })).not.toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'ระบุอาการเบื้องต้น' }), 'ไอ');
    await user.type(screen.getByRole('textbox', { name: 'ระยะเวลาที่พบอาการ' }), '2 วัน');
    expect(screen.getByRole('button', { name: 'ส่งข้อมูล' })).toBeEnabled();
  });

  it('lets the patient choose another day, and warns before paying for a slot less than 24 hours away', async () => {
    const inHours = (hours: number) => new Date(Math.floor(Date.now() / 3_600_000 + hours) * 3_600_000).toISOString();
    const soon = slot(EARLY, inHours(3), 2);
    const later = slot(LATER, inHours(72), 2);
    mockApi({
      'GET /api/users/me': () => json(200, { data: [patient] }),
      'GET /api/hospitals/siriraj-hospital/slots': () => json(200, { data: [soon, later] }),
    });
    sessionStorage.setItem(
      `klaimor.booking.${hospital.id}`,
      JSON.stringify({ step: 'symptoms', symptoms: 'ปวดหัว', duration: '1 วัน' }),
    );
    const user = userEvent.setup();
    const { queryClient } = renderCard();
    await waitFor(() => expect(queryClient.getQueryData(['users', 'me'])).toEqual(patient));
    const soonTime = await screen.findByRole('radio', {
      name: new RegExp(`^${formatTimeRange(soon.start, soon.end, 'th')}`),
    });
    expect(soonTime).not.toBeChecked();
    await user.click(soonTime);
    expect(screen.getByRole('status')).toHaveTextContent(
      'นัดนี้เริ่มภายใน 24 ชั่วโมง หากชำระมัดจำ 200 บาท แล้วยกเลิก จะไม่ได้รับเงินคืน',
    );

    // Another day shows its times with none chosen: the time tapped on the first day is no longer the choice.
    await user.click(screen.getByRole('button', { name: formatShortDay(later.start, 'th') }));
    const laterTime = screen.getByRole('radio', {
      name: new RegExp(`^${formatTimeRange(later.start, later.end, 'th')}`),
    });
    expect(laterTime).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'ส่งข้อมูล' })).toBeDisabled();
    expect(loadDraft(hospital.id).slotId).toBeNull();
    await user.click(laterTime);
    expect(laterTime).toBeChecked();
    expect(screen.queryByText(/นัดนี้เริ่มภายใน 24 ชั่วโมง/)).not.toBeInTheDocument();
    expect(screen.getByText('ค่ามัดจำ 200 บาท ได้คืนเต็มจำนวนเมื่อยกเลิกก่อนเวลานัดอย่างน้อย 24 ชั่วโมง')).toBeInTheDocument();
    expect(loadDraft(hospital.id).slotId).toBe(LATER);
  });

  it('books a clinic: a hospital with several shows one clinic’s days and times at a time', async () => {
    const dental = { id: '5c0e2a4b-7d1f-4e3a-9b6c-1a2b3c4d5e03', nameTh: 'ทันตกรรม', nameEn: 'Dental' };
    const inHours = (hours: number) => new Date(Math.floor(Date.now() / 3_600_000 + hours) * 3_600_000).toISOString();
    const general = slot(EARLY, inHours(48), 2);
    const teeth = slot(LATER, inHours(49), 2, dental);
    mockApi({
      'GET /api/users/me': () => json(200, { data: [patient] }),
      'GET /api/hospitals/siriraj-hospital/slots': () => json(200, { data: [general, teeth] }),
    });
    sessionStorage.setItem(
      `klaimor.booking.${hospital.id}`,
      JSON.stringify({ step: 'symptoms', symptoms: 'ปวดฟัน', duration: '2 วัน' }),
    );
    const user = userEvent.setup();
    renderCard();
    const clinics = () => screen.getByRole('group', { name: 'เลือกคลินิกที่จะตรวจ' });
    await screen.findByRole('group', { name: 'เลือกคลินิกที่จะตรวจ' });
    const generalChip = within(clinics()).getByRole('button', { name: 'ผู้ป่วยนอกทั่วไป' });
    expect(generalChip).toHaveAttribute('aria-pressed', 'true');
    const timeOf = (s: typeof general) => new RegExp(`^${formatTimeRange(s.start, s.end, 'th')}`);
    await user.click(await screen.findByRole('radio', { name: timeOf(general) }));
    expect(screen.queryByRole('radio', { name: timeOf(teeth) })).not.toBeInTheDocument();

    await user.click(within(clinics()).getByRole('button', { name: 'ทันตกรรม' }));
    expect(screen.queryByRole('radio', { name: timeOf(general) })).not.toBeInTheDocument();
    const teethTime = screen.getByRole('radio', { name: timeOf(teeth) });
    // The time chosen in the other clinic is no longer the choice
    expect(teethTime).not.toBeChecked();
    expect(loadDraft(hospital.id).slotId).toBeNull();
    await user.click(teethTime);
    expect(loadDraft(hospital.id).slotId).toBe(LATER);
  });

  it('lets a visitor describe the symptoms and choose a time, then sends them to sign in naming the booking', async () => {
    mockApi({
      'GET /api/users/me': () => json(401, { error: { code: 'unauthenticated', message: 'no session' } }),
      'GET /api/hospitals/siriraj-hospital/slots': () => json(200, { data: slots }),
    });
    const user = userEvent.setup();
    const { queryClient } = renderCard();
    await waitFor(() => expect(queryClient.getQueryState(['users', 'me'])?.status).toBe('success'));
    await user.click(screen.getByRole('button', { name: 'ระบุอาการ' }));
    await user.type(screen.getByRole('textbox', { name: 'ระบุอาการเบื้องต้น' }), 'ปวดหัว');
    await user.type(screen.getByRole('textbox', { name: 'ระยะเวลาที่พบอาการ' }), '1 วัน');
    await user.click(await screen.findByRole('radio', { name: /^10:00/ }));
    expect(screen.getByText('กด "ส่งข้อมูล" แล้วจะให้เข้าสู่ระบบหรือลงทะเบียนก่อน สิ่งที่กรอกไว้จะยังอยู่ครบ')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ส่งข้อมูล' }));
    expect(
      await screen.findByText('login page, back to /map?hospital=siriraj-hospital, booking at โรงพยาบาลศิริราช'),
    ).toBeInTheDocument();
    expect(loadDraft(hospital.id)).toMatchObject({
      step: 'symptoms',
      symptoms: 'ปวดหัว',
      duration: '1 วัน',
      slotId: LATER,
    });
  });

  it('keeps the symptoms typed when the patient picks another hospital', async () => {
    mockApi({
      'GET /api/users/me': () => json(200, { data: [patient] }),
      'GET /api/hospitals/siriraj-hospital/slots': () => json(200, { data: slots }),
      'GET /api/hospitals/ramathibodi-hospital/slots': () => json(200, { data: [] }),
    });
    sessionStorage.setItem(`klaimor.booking.${hospital.id}`, JSON.stringify({ step: 'symptoms' }));
    const user = userEvent.setup();
    const { unmount, queryClient } = renderCard();
    await waitFor(() => expect(queryClient.getQueryData(['users', 'me'])).toEqual(patient));
    await user.type(await screen.findByRole('textbox', { name: 'ระบุอาการเบื้องต้น' }), 'ไอ มีเสมหะ');
    await user.type(screen.getByRole('textbox', { name: 'ระยะเวลาที่พบอาการ' }), '3 วัน');
    unmount();

    const other = {
      ...hospital,
      id: 'ramathibodi-hospital',
      nameTh: 'โรงพยาบาลรามาธิบดี',
      nameEn: 'Ramathibodi Hospital',
    };
    renderWithProviders(<BookingCard hospital={other} distanceM={null} onClose={() => undefined} />, {
      route: `/map?hospital=${other.id}`,
    });
    await user.click(await screen.findByRole('button', { name: 'ระบุอาการ' }));
    expect(screen.getByRole('textbox', { name: 'ระบุอาการเบื้องต้น' })).toHaveValue('ไอ มีเสมหะ');
    expect(screen.getByRole('textbox', { name: 'ระยะเวลาที่พบอาการ' })).toHaveValue('3 วัน');
  });

  it('keeps the QR when the patient confirms before paying, says what is missing, and moves on once paid', async () => {
    let paid = false;
    mockApi({
      'GET /api/users/me': () => json(200, { data: [patient] }),
      'GET /api/app-config': () =>
        json(200, {
          data: [{ devSmsOutbox: true, devPayments: false, notificationChannels: ['in_app'], webPushPublicKey: null }],
        }),
      [`GET /api/appointments/${appointment('booked').id}`]: () =>
        json(200, { data: [appointment(paid ? 'booked' : 'awaiting_deposit')] }),
    });
    sessionStorage.setItem(
      `klaimor.booking.${hospital.id}`,
      JSON.stringify({ step: 'deposit', slotId: EARLY, appointmentId: appointment('booked').id }),
    );
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'ยืนยันการนัดหมาย' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ยังไม่ได้รับเงินมัดจำ 200 บาท กรุณาสแกน QR ด้านบนด้วยแอปธนาคาร หรือโอนตามเลขพร้อมเพย์',
    );
    expect(screen.getByRole('img', { name: 'QR พร้อมเพย์สำหรับชำระเงินมัดจำ 200 บาท' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'คัดลอกเลขพร้อมเพย์' })).toBeInTheDocument();
    expect(screen.getByText('ขั้นตอนที่ 3 จาก 4')).toBeInTheDocument();
    expect(screen.queryByText('กำลังรอรับการชำระเงินมัดจำ…')).not.toBeInTheDocument();

    // The deposit arrives through the provider (its webhook), not through this screen: the card notices by itself.
    paid = true;
    expect(await screen.findByText('นัดหมายสำเร็จ', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR พร้อมเพย์/ })).not.toBeInTheDocument();
  });

  it('still shows the booking once the patient is checked in, never as cancelled', async () => {
    const checkedIn = { ...appointment('booked'), status: 'checked_in' as const };
    mockApi({
      'GET /api/users/me': () => json(200, { data: [patient] }),
      [`GET /api/appointments/${checkedIn.id}`]: () => json(200, { data: [checkedIn] }),
    });
    sessionStorage.setItem(
      `klaimor.booking.${hospital.id}`,
      JSON.stringify({ step: 'status', slotId: EARLY, appointmentId: checkedIn.id }),
    );
    renderCard();
    expect(await screen.findByText('นัดหมายสำเร็จ')).toBeInTheDocument();
    expect(screen.queryByText('นัดหมายนี้ถูกยกเลิกแล้ว')).not.toBeInTheDocument();
  });

  it('tells the patient when the slot filled up and offers the slots again', async () => {
    let slotCalls = 0;
    const keys: string[] = [];
    mockApi({
      'GET /api/users/me': () => json(200, { data: [patient] }),
      'GET /api/hospitals/siriraj-hospital/slots': () => {
        slotCalls += 1;
        return json(200, { data: slotCalls === 1 ? slots : [slots[2]] });
      },
      'POST /api/appointments': (init) => {
        keys.push((init.headers as Record<string, string>)['Idempotency-Key']);
        return json(409, { error: { code: 'slot_full', message: 'full' } });
      },
    });
    sessionStorage.setItem(
      `klaimor.booking.${hospital.id}`,
      JSON.stringify({ step: 'symptoms', symptoms: 'ปวดหัว', duration: '1 วัน' }),
    );
    const user = userEvent.setup();
    const { queryClient } = renderCard();
    await waitFor(() => expect(queryClient.getQueryData(['users', 'me'])).toEqual(patient));
    await user.click(await screen.findByRole('radio', { name: /09:00/ }));
    await user.click(screen.getByRole('button', { name: 'ส่งข้อมูล' }));
    expect(await screen.findByText('เวลานัดที่เลือกเต็มแล้ว กรุณาเลือกเวลาใหม่')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /10:00/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'ส่งข้อมูล' })).toBeDisabled();
    expect(screen.queryByRole('radio', { name: /09:00/ })).not.toBeInTheDocument();
    expect(loadDraft(hospital.id).idempotencyKey).not.toBe(keys[0]);
  });
});
