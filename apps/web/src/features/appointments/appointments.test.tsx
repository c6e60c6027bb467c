import type { Appointment } from '@klaimor/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { AppointmentPage } from './AppointmentPage';
import { MyAppointments } from './MyAppointments';
import './appointments.texts';
import { loadDraft } from '../booking/booking-draft';

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

function appointment(overrides: Partial<Appointment> & { startsIn: number }): Appointment {
  const { startsIn, ...rest } = overrides;
  return {
    id: `a${startsIn}`,
    reference: `A${startsIn}`.slice(0, 8).toUpperCase(),
    status: 'booked',
    hospital: {
      id: 'siriraj-hospital',
      nameTh: 'โรงพยาบาลศิริราช',
      nameEn: 'Siriraj Hospital',
      phone: '024197000',
      address: '2 ถนนวังหลัง',
      subdistrict: 'ศิริราช',
      district: 'บางกอกน้อย',
      province: 'กรุงเทพมหานคร',
      postcode: '10700',
      lat: 13.75793,
      lng: 100.48585,
    },
    start: at(startsIn),
    end: at(startsIn + HOUR / 2),
    clinic: { id: '5c0e2a4b-7d1f-4e3a-9b6c-1a2b3c4d5e01', nameTh: 'ผู้ป่วยนอกทั่วไป', nameEn: 'General outpatients' },
    doctor: 'พญ.สุดา ใจดี',
    symptoms: 'ไอ มีน้ำมูก',
    duration: '3 วัน',
    deposit: {
      amount: 300,
      currency: 'THB',
      promptpayPayload: null,
      qrImageUrl: null,
      promptpayId: null,
      expiresAt: at(-HOUR),
      paidAt: at(-HOUR),
      paymentReference: 'chrg_test_5xyz',
      refundableUntil: at(startsIn - 24 * HOUR),
      refund: 'none',
      atDesk: null,
    },
    cancellation: null,
    queue: null,
    createdAt: at(-2 * HOUR),
    ...rest,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('My appointments on the home screen', () => {
  it('lists upcoming appointments with day, month, doctor, time and hospital, and keeps past ones folded', async () => {
    const user = userEvent.setup();
    const soon = appointment({ startsIn: 3 * 24 * HOUR });
    const past = appointment({ startsIn: -5 * 24 * HOUR, status: 'completed' });
    const cancelled = appointment({ startsIn: 6 * 24 * HOUR, status: 'cancelled' });
    mockApi({ 'GET /api/appointments': () => json(200, { data: [soon, cancelled, past] }) });
    renderWithProviders(<MyAppointments />);

    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('link');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveAttribute('href', `/appointments/${soon.id}`);
    expect(items[0]).toHaveTextContent('พญ.สุดา ใจดี');
    expect(items[0]).toHaveTextContent('โรงพยาบาลศิริราช');
    expect(items[0]).toHaveTextContent('นัดหมายแล้ว');
    expect(items[0]).toHaveTextContent(/\d{2}:\d{2}–\d{2}:\d{2} น\./);
    const month = new Intl.DateTimeFormat('th-TH', { month: 'short', timeZone: 'Asia/Bangkok' }).format(
      new Date(soon.start),
    );
    expect(items[0]).toHaveTextContent(month);

    await user.click(screen.getByRole('button', { name: 'นัดที่ผ่านมาหรือยกเลิกแล้ว (2)' }));
    expect(screen.getAllByRole('link')).toHaveLength(3);
    expect(screen.getByText('ยกเลิกแล้ว')).toBeInTheDocument();
    expect(screen.getByText('ตรวจแล้ว')).toBeInTheDocument();
  });

  it('tells the patient first of an appointment ahead that the hospital cancelled, with its reason', async () => {
    const cancelled = appointment({
      startsIn: 2 * 24 * HOUR,
      status: 'cancelled',
      cancellation: { by: 'hospital', reason: 'น้ำท่วมอาคาร' },
    });
    const byPatient = appointment({
      startsIn: 4 * 24 * HOUR,
      status: 'cancelled',
      cancellation: { by: 'patient', reason: null },
    });
    mockApi({ 'GET /api/appointments': () => json(200, { data: [cancelled, byPatient] }) });
    renderWithProviders(<MyAppointments />);

    await screen.findByText(/เหตุผล: น้ำท่วมอาคาร/);
    const notices = screen.getAllByRole('status');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toHaveTextContent('โรงพยาบาลศิริราช ยกเลิกนัด');
    expect(notices[0]).toHaveTextContent('เหตุผล: น้ำท่วมอาคาร');
    expect(within(notices[0]).getByRole('link', { name: 'ดูรายละเอียดนัดที่ถูกยกเลิก' })).toHaveAttribute(
      'href',
      `/appointments/${cancelled.id}`,
    );
  });

  it('says so when there is nothing ahead, with the way to the map', async () => {
    mockApi({ 'GET /api/appointments': () => json(200, { data: [] }) });
    renderWithProviders(<MyAppointments />);
    expect(await screen.findByText('ยังไม่มีนัดหมาย')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ค้นหาโรงพยาบาล' })).toHaveAttribute('href', '/map');
  });

  it('shows a failed load with a retry', async () => {
    mockApi({ 'GET /api/appointments': () => json(503, { error: { code: 'payment_unavailable', message: 'x' } }) });
    renderWithProviders(<MyAppointments />);
    expect(await screen.findByText('โหลดรายการนัดหมายไม่สำเร็จ')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ลองอีกครั้ง' })).toBeInTheDocument();
  });
});

function renderDetail(subject: Appointment, onCancel: () => Appointment) {
  const fetchMock = mockApi({
    [`GET /api/appointments/${subject.id}`]: () => json(200, { data: [subject] }),
    [`POST /api/appointments/${subject.id}/cancel`]: () => json(200, { data: [onCancel()] }),
    'GET /api/appointments': () => json(200, { data: [subject] }),
  });
  renderWithProviders(
    <Routes>
      <Route path="/appointments/:id" element={<AppointmentPage />} />
    </Routes>,
    { route: `/appointments/${subject.id}` },
  );
  return fetchMock;
}

describe('An appointment and cancelling it', () => {
  it('promises the deposit back more than 24 hours ahead, cancels, and shows the refund', async () => {
    const user = userEvent.setup();
    const subject = appointment({ startsIn: 3 * 24 * HOUR });
    const fetchMock = renderDetail(subject, () => ({
      ...subject,
      status: 'cancelled',
      deposit: { ...subject.deposit, refund: 'refunded' },
    }));

    expect(await screen.findByText('ไอ มีน้ำมูก')).toBeInTheDocument();
    expect(screen.getByText('300 บาท ชำระแล้ว')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ยกเลิกนัดหมาย' }));
    const dialog = await screen.findByRole('dialog', { name: 'ยกเลิกนัดหมายนี้?' });
    expect(dialog).toHaveTextContent('คุณจะได้รับเงินมัดจำ 300 บาท คืน');
    await user.click(within(dialog).getByRole('button', { name: 'ยืนยันการยกเลิก' }));

    expect(await screen.findByText('คืนเงินมัดจำ 300 บาท แล้ว')).toBeInTheDocument();
    expect(screen.getByText('ยกเลิกแล้ว')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ยกเลิกนัดหมาย' })).not.toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url).endsWith(`/${subject.id}/cancel`) && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('says where to go, how to get there, what to bring, and adds the appointment to the calendar', async () => {
    const user = userEvent.setup();
    const subject = appointment({ startsIn: 3 * 24 * HOUR });
    renderDetail(subject, () => subject);

    expect(await screen.findByText('2 ถนนวังหลัง ศิริราช บางกอกน้อย กรุงเทพมหานคร 10700')).toBeInTheDocument();
    // In the details and in the deposit's receipt.
    expect(screen.getAllByText(subject.reference)).toHaveLength(2);
    const directions = screen.getByRole('link', { name: 'นำทางไปโรงพยาบาล' });
    expect(directions).toHaveAttribute('href', 'https://www.google.com/maps/dir/?api=1&destination=13.75793,100.48585');
    const bring = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(bring).toEqual(expect.arrayContaining(['บัตรประจำตัวประชาชน', 'ยาที่กินอยู่ทั้งหมด หรือรายการยา']));

    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(Object.create(URL), {
        createObjectURL: (b: Blob) => (created.push(b), 'blob:ics'),
        revokeObjectURL: () => undefined,
      }),
    );
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe(`klaimor-${subject.reference}.ics`);
    });
    await user.click(screen.getByRole('button', { name: 'เพิ่มในปฏิทิน' }));
    expect(clicks).toHaveBeenCalledOnce();
    expect(created[0].type).toBe('text/calendar;charset=utf-8');
    const ics = (await created[0].text()).replace(/\r\n /g, '');
    expect(ics).toContain('SUMMARY:นัดตรวจคัดกรอง โรงพยาบาลศิริราช');
    expect(ics).toContain(`DTSTART:${subject.start.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    clicks.mockRestore();
  });

  it('gives no visit guide for an appointment that is over', async () => {
    renderDetail(appointment({ startsIn: -3 * 24 * HOUR, status: 'completed' }), () => appointment({ startsIn: 0 }));
    expect(await screen.findByText('ไอ มีน้ำมูก')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'เพิ่มในปฏิทิน' })).not.toBeInTheDocument();
  });

  it('warns that the deposit is kept within 24 hours, and cancels nothing when the patient keeps it', async () => {
    const user = userEvent.setup();
    const subject = appointment({ startsIn: 5 * HOUR });
    const fetchMock = renderDetail(subject, () => subject);

    await user.click(await screen.findByRole('button', { name: 'ยกเลิกนัดหมาย' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('เงินมัดจำ 300 บาท จะไม่ได้รับคืน');
    await user.click(within(dialog).getByRole('button', { name: 'ไม่ยกเลิก' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('says the deposit was kept after a late cancellation', async () => {
    const subject = appointment({ startsIn: 5 * HOUR, status: 'cancelled' });
    renderDetail(subject, () => subject);
    expect(await screen.findByText('เงินมัดจำ 300 บาท ไม่ได้รับคืน เพราะยกเลิกภายใน 24 ชั่วโมงก่อนเวลานัด')).toBeInTheDocument();
  });

  it('says the hospital cancelled it, why, and that the deposit comes back in full', async () => {
    const subject = appointment({
      startsIn: 5 * HOUR,
      status: 'cancelled',
      cancellation: { by: 'hospital', reason: 'ไฟฟ้าดับทั้งอาคาร' },
    });
    renderDetail({ ...subject, deposit: { ...subject.deposit, refund: 'pending' } }, () => subject);
    expect(await screen.findByText('โรงพยาบาลยกเลิกนัดนี้ เหตุผล: ไฟฟ้าดับทั้งอาคาร')).toBeInTheDocument();
    expect(screen.getByText('กำลังคืนเงินมัดจำ 300 บาท ผ่านระบบชำระเงิน')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ยกเลิกนัดหมาย' })).not.toBeInTheDocument();
  });

  it('shows the queue number and how many are before the patient, and asks again every 5 seconds on the day', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // Noon in Bangkok, so the appointment ten minutes ago is on today's date wherever the suite runs.
    vi.setSystemTime(new Date('2026-06-12T05:00:00Z'));
    const waiting = appointment({
      startsIn: -10 * 60_000,
      status: 'checked_in',
      queue: { number: 12, label: 'A012', ahead: 3 },
    });
    let calls = 0;
    mockApi({
      [`GET /api/appointments/${waiting.id}`]: () => {
        calls += 1;
        return json(200, {
          data: [
            calls < 2
              ? waiting
              : { ...waiting, status: 'in_consultation', queue: { number: 12, label: 'A012', ahead: 0 } },
          ],
        });
      },
    });
    renderWithProviders(
      <Routes>
        <Route path="/appointments/:id" element={<AppointmentPage />} />
      </Routes>,
      { route: `/appointments/${waiting.id}` },
    );
    expect(await screen.findByText('คิวที่ A012')).toBeInTheDocument();
    expect(screen.getByText('รออีก 3 คิว')).toBeInTheDocument();
    expect(screen.getByText('เช็กอินแล้ว รอเรียกคิว')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await screen.findByText('ถึงคิวของคุณแล้ว เชิญพบแพทย์')).toBeInTheDocument();
    vi.useRealTimers();
  });

  it('says plainly when the appointment is not the patient’s or does not exist', async () => {
    mockApi({ 'GET /api/appointments/nope': () => json(404, { error: { code: 'not_found', message: 'ไม่พบ' } }) });
    renderWithProviders(
      <Routes>
        <Route path="/appointments/:id" element={<AppointmentPage />} />
      </Routes>,
      { route: '/appointments/nope' },
    );
    expect(await screen.findByText('ไม่พบนัดหมายนี้')).toBeInTheDocument();
  });
});

describe('An appointment the hospital’s desk booked', () => {
  it('paid in cash: says so, its receipt says cash at the desk, and cancelling says the cash comes back there', async () => {
    const user = userEvent.setup();
    const subject = appointment({ startsIn: 3 * 24 * HOUR });
    const atDesk = { ...subject, deposit: { ...subject.deposit, paymentReference: null, atDesk: 'paid' as const } };
    renderDetail(atDesk, () => atDesk);
    expect(await screen.findByText('300 บาท ชำระที่โรงพยาบาลแล้ว')).toBeInTheDocument();
    const receipt = screen.getByRole('region', { name: 'ใบเสร็จเงินมัดจำ' });
    expect(receipt).toHaveTextContent('เงินสดที่เคาน์เตอร์โรงพยาบาล');
    expect(receipt).not.toHaveTextContent('พร้อมเพย์');
    await user.click(screen.getByRole('button', { name: 'ยกเลิกนัดหมาย' }));
    const dialog = await screen.findByRole('dialog', { name: 'ยกเลิกนัดหมายนี้?' });
    expect(dialog).toHaveTextContent('รับเงินมัดจำ 300 บาท คืนเป็นเงินสดที่เคาน์เตอร์โรงพยาบาล');
  });

  it('with the deposit waived: says the hospital waived it, and that cancelling costs nothing', async () => {
    const user = userEvent.setup();
    const subject = appointment({ startsIn: 3 * 24 * HOUR });
    const waived = {
      ...subject,
      deposit: { ...subject.deposit, amount: 0, paidAt: null, paymentReference: null, atDesk: 'waived' as const },
    };
    renderDetail(waived, () => waived);
    expect(await screen.findByText('โรงพยาบาลยกเว้นมัดจำให้')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'ใบเสร็จเงินมัดจำ' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ยกเลิกนัดหมาย' }));
    const dialog = await screen.findByRole('dialog', { name: 'ยกเลิกนัดหมายนี้?' });
    expect(dialog).toHaveTextContent('นัดหมายนี้ไม่มีเงินมัดจำ ยกเลิกได้ทันทีโดยไม่มีค่าใช้จ่าย');
    expect(dialog).not.toHaveTextContent('ยังไม่ได้ชำระมัดจำ');
  });
});

describe('An appointment after a hospital cancels, after the visit, and its receipt', () => {
  it('shows the receipt of a paid deposit: amount, time paid, booking and payment references', async () => {
    const subject = appointment({ startsIn: 3 * 24 * HOUR });
    renderDetail(subject, () => subject);
    const receipt = await screen.findByRole('region', { name: 'ใบเสร็จเงินมัดจำ' });
    expect(receipt).toHaveTextContent('300 บาท');
    expect(receipt).toHaveTextContent('พร้อมเพย์');
    expect(receipt).toHaveTextContent(subject.reference);
    expect(receipt).toHaveTextContent('chrg_test_5xyz');
    expect(receipt).toHaveTextContent(/25\d\d/);
  });

  it('shows no receipt while the deposit is unpaid', async () => {
    const subject = appointment({ startsIn: 3 * 24 * HOUR });
    renderDetail({ ...subject, deposit: { ...subject.deposit, paidAt: null, paymentReference: null } }, () => subject);
    await screen.findByText('ไอ มีน้ำมูก');
    expect(screen.queryByRole('region', { name: 'ใบเสร็จเงินมัดจำ' })).not.toBeInTheDocument();
  });

  it('leads from a completed appointment to the visit recorded in the history', async () => {
    const subject = appointment({ startsIn: -2 * HOUR, status: 'completed' });
    renderDetail(subject, () => subject);
    expect(await screen.findByRole('link', { name: 'ดูผลการตรวจและยาที่แพทย์สั่ง' })).toHaveAttribute(
      'href',
      `/history?visit=${subject.id}`,
    );
  });

  it('offers the next free times here and nearby; a tap starts booking that time with the same symptoms', async () => {
    const user = userEvent.setup();
    const subject = appointment({
      startsIn: 2 * 24 * HOUR,
      status: 'cancelled',
      cancellation: { by: 'hospital', reason: 'ไฟฟ้าดับทั้งอาคาร' },
    });
    const slot = (id: string, inHours: number) => ({
      id,
      start: at(inHours * HOUR),
      end: at((inHours + 1) * HOUR),
      remaining: 2,
      depositAmount: 300,
    });
    mockApi({
      [`GET /api/appointments/${subject.id}`]: () => json(200, { data: [subject] }),
      [`GET /api/appointments/${subject.id}/alternatives`]: () =>
        json(200, {
          data: [
            {
              sameHospital: {
                hospital: { id: 'siriraj-hospital', nameTh: 'โรงพยาบาลศิริราช', nameEn: 'Siriraj Hospital' },
                distanceKm: 0,
                slots: [slot('s1', 50), slot('s2', 51)],
              },
              nearby: [
                {
                  hospital: { id: 'thonburi-hospital', nameTh: 'โรงพยาบาลธนบุรี', nameEn: 'Thonburi Hospital' },
                  distanceKm: 2.4,
                  slots: [slot('s3', 26)],
                },
              ],
            },
          ],
        }),
      'GET /api/appointments': () => json(200, { data: [subject] }),
    });
    renderWithProviders(
      <Routes>
        <Route path="/appointments/:id" element={<AppointmentPage />} />
        <Route path="/map" element={<p>map</p>} />
      </Routes>,
      { route: `/appointments/${subject.id}` },
    );
    const times = await screen.findByRole('region', { name: 'เลือกเวลานัดใหม่' });
    const here = await within(times).findByRole('region', { name: 'โรงพยาบาลศิริราช' });
    expect(within(here).getAllByRole('button')).toHaveLength(2);
    const nearby = within(times).getByRole('region', { name: 'โรงพยาบาลธนบุรี' });
    expect(nearby).toHaveTextContent('ห่าง 2.4 กม.');
    await user.click(within(nearby).getByRole('button'));
    expect(await screen.findByText('map')).toBeInTheDocument();
    // As the booking card will read it there: the time for that hospital, the symptoms the patient's own.
    expect(loadDraft('thonburi-hospital')).toMatchObject({
      step: 'symptoms',
      slotId: 's3',
      symptoms: 'ไอ มีน้ำมูก',
      duration: '3 วัน',
    });
  });
});
