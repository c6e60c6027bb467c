import { addDays, type DayListEntry, type LabResult, type StaffRole } from '@klaimor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/render';
import { apiError, dayEntry, member, patientRecord, penicillinAllergy, today } from '../staff-test-data';
import { renderStaff } from '../staff-test-render';

const LIST = '/api/staff/facilities/siriraj-hospital/appointments';

/** A Bangkok clock time `minutes` from now, so a slot can be over or still to come. */
const clockIn = (minutes: number) =>
  new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Bangkok',
  }).format(new Date(Date.now() + minutes * 60_000));

/** The list with one appointment, whose actions answer as the server would; opens it. */
async function openAppointment(roles: StaffRole[], entry: DayListEntry, handlers: Parameters<typeof mockApi>[0] = {}) {
  const user = userEvent.setup({ delay: null });
  const fetchMock = mockApi({
    'GET /api/staff/me': () => json(200, { data: [member(roles)] }),
    [`GET ${LIST}`]: () => json(200, { data: [entry] }),
    ...handlers,
  });
  renderStaff('/staff');
  await user.click(await screen.findByRole('button', { name: entry.patient?.name }));
  const dialog = await screen.findByRole('dialog', { name: entry.patient?.name });
  return { user, fetchMock, dialog };
}

const posts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => ({
      path: String(url).replace(LIST, ''),
      body: init?.body ? JSON.parse(init.body as string) : undefined,
    }));

/** An HbA1c recorded for the visit, held from the patient. */
const heldHbA1c = (appointmentId: string): LabResult => ({
  id: 'r1',
  code: '4548-4',
  value: 7.2,
  unit: '%',
  low: 4,
  high: 5.6,
  flag: 'high',
  takenOn: today,
  appointmentId,
  facility: { id: 'siriraj-hospital', nameTh: 'โรงพยาบาลศิริราช', nameEn: 'Siriraj Hospital' },
  releasedAt: null,
  recordedAt: `${today}T03:00:00.000Z`,
});

describe("an appointment's actions", () => {
  // Noon in Bangkok: a slot half an hour ahead or behind is still today's.
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(`${today}T12:00:00+07:00`) });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lets the front desk check a patient in and shows the queue number big', async () => {
    const entry = dayEntry(clockIn(30));
    const { user, fetchMock, dialog } = await openAppointment(['front_desk'], entry, {
      [`POST ${LIST}/${entry.id}/check-in`]: () =>
        json(200, { data: [{ ...entry, status: 'checked_in', queue: { number: 7, label: 'A007', ahead: 2 } }] }),
    });
    expect(within(dialog).queryByRole('button', { name: 'เรียกพบแพทย์' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'บันทึกผลการตรวจ' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'เปิดดูประวัติผู้ป่วย' })).not.toBeInTheDocument();
    // The slot has not ended: a no-show cannot be recorded yet, and the desk is told when it can.
    expect(within(dialog).getByRole('button', { name: 'ไม่มาตามนัด' })).toBeDisabled();
    expect(within(dialog).getByText(/^บันทึกว่าไม่มาตามนัดได้หลังหมดเวลานัด/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'เช็กอิน' }));
    expect(await within(dialog).findByText('เช็กอิน ปิยะ ใจงาม แล้ว ได้คิวที่ A007')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([{ path: `/${entry.id}/check-in`, body: undefined }]);
  });

  it('shows the server’s Thai words when a check-in is refused', async () => {
    const entry = dayEntry(clockIn(30));
    const { user, dialog } = await openAppointment(['front_desk'], entry, {
      [`POST ${LIST}/${entry.id}/check-in`]: () =>
        json(409, apiError('check_in_not_today', 'เช็กอินได้เฉพาะในวันที่นัดเท่านั้น')),
    });
    await user.click(within(dialog).getByRole('button', { name: 'เช็กอิน' }));
    expect(await within(dialog).findByText('เช็กอินได้เฉพาะในวันที่นัดเท่านั้น')).toBeInTheDocument();
  });

  it('records a no-show only after the slot, saying the deposit is kept', async () => {
    const entry = dayEntry(clockIn(-90));
    const { user, fetchMock, dialog } = await openAppointment(['front_desk'], entry, {
      [`POST ${LIST}/${entry.id}/no-show`]: () =>
        json(200, { data: [{ ...entry, status: 'no_show', deposit: { amount: 300, state: 'kept', atDesk: null } }] }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'ไม่มาตามนัด' }));
    const confirm = await screen.findByRole('dialog', { name: 'บันทึกว่า ปิยะ ใจงาม ไม่มาตามนัด?' });
    expect(confirm).toHaveTextContent('ไม่คืนเงินมัดจำ 300 บาท ตามเงื่อนไขการจอง');
    await user.click(within(confirm).getByRole('button', { name: 'บันทึกไม่มาตามนัด' }));
    expect(await within(dialog).findByText('บันทึกว่า ปิยะ ใจงาม ไม่มาตามนัดแล้ว')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([{ path: `/${entry.id}/no-show`, body: undefined }]);
  });

  it('cancels with a reason, saying the deposit is refunded in full', async () => {
    const entry = dayEntry(clockIn(30));
    const { user, fetchMock, dialog } = await openAppointment(['front_desk'], entry, {
      [`POST ${LIST}/${entry.id}/cancel`]: () =>
        json(200, {
          data: [{ ...entry, status: 'cancelled', deposit: { amount: 300, state: 'refund_pending', atDesk: null } }],
        }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'ยกเลิกนัด' }));
    const confirm = await screen.findByRole('dialog', { name: 'ยกเลิกนัดของ ปิยะ ใจงาม?' });
    expect(confirm).toHaveTextContent('ผู้ป่วยจะได้รับเงินมัดจำ 300 บาท คืนเต็มจำนวน');
    await user.click(within(confirm).getByRole('button', { name: 'ยืนยันยกเลิกนัด' }));
    const reason = within(confirm).getByRole('textbox', { name: /^เหตุผลที่ยกเลิก/ });
    await waitFor(() => expect(reason).toHaveAccessibleDescription('กรุณากรอกข้อมูลนี้'));
    expect(posts(fetchMock)).toEqual([]);
    await user.type(reason, 'แพทย์ติดประชุมด่วน');
    await user.click(within(confirm).getByRole('button', { name: 'ยืนยันยกเลิกนัด' }));
    expect(await within(dialog).findByText('ยกเลิกนัดของ ปิยะ ใจงาม แล้ว')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([{ path: `/${entry.id}/cancel`, body: { reason: 'แพทย์ติดประชุมด่วน' } }]);
  });

  it('lets a clinician call a checked-in patient in, and opens the record only when asked', async () => {
    const entry = dayEntry(clockIn(-10), { status: 'checked_in', queue: { number: 4, label: 'A004', ahead: 0 } });
    const { user, fetchMock, dialog } = await openAppointment(['clinician'], entry, {
      [`POST ${LIST}/${entry.id}/start-consultation`]: () =>
        json(200, { data: [{ ...entry, status: 'in_consultation' }] }),
      [`GET ${LIST}/${entry.id}/record`]: () =>
        json(200, {
          data: [
            patientRecord({
              medications: [
                {
                  id: 'm1',
                  name: 'Amlodipine',
                  atcCode: null,
                  strength: '5 mg',
                  form: 'tablet',
                  doses: { afterBreakfast: 1, afterLunch: 0, afterDinner: 0, beforeBed: 0 },
                  customDose: null,
                  mealTiming: 'after',
                  intervalDose: null,
                  asNeeded: null,
                  startDate: '2025-01-01',
                  endDate: null,
                  instructions: null,
                  stock: null,
                  status: 'active',
                  stoppedAt: null,
                  dailyUnits: 1,
                  daysOfStockLeft: null,
                  runningLow: false,
                  prescribedBy: null,
                  version: 1,
                  longTerm: false,
                  refillOffered: false,
                  replaces: null,
                  correction: null,
                  createdAt: '2025-01-01T00:00:00.000Z',
                  updatedAt: '2025-01-01T00:00:00.000Z',
                },
              ],
            }),
          ],
        }),
    });
    expect(within(dialog).getByRole('status')).toHaveTextContent('คิวที่A004คิวถัดไป');
    expect(within(dialog).queryByRole('button', { name: 'เช็กอิน' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'ยกเลิกนัด' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'ไม่มาตามนัด' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('การเปิดดูประวัติจะถูกบันทึกไว้ และผู้ป่วยจะเห็นว่าใครเปิดดูเมื่อใด')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/record'))).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'เรียกพบแพทย์' }));
    expect(await within(dialog).findByText('เรียก ปิยะ ใจงาม พบแพทย์แล้ว')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'เปิดดูประวัติผู้ป่วย' }));
    const record = await within(dialog).findByRole('region', { name: 'ประวัติผู้ป่วย' });
    expect(await within(record).findByText('Amlodipine 5 mg')).toBeInTheDocument();
    expect(record).toHaveTextContent('หลังอาหารเช้า 1');
    expect(record).toHaveTextContent('ชาย');
    expect(record).toHaveTextContent('ยังไม่มีประวัติการรักษา');
  });

  it("heads the record with the patient's allergies, and lets the clinician add a condition and remove their own", async () => {
    const entry = dayEntry(clockIn(-10), { status: 'in_consultation', queue: { number: 4, label: 'A004', ahead: 0 } });
    const ours = {
      by: 'clinician' as const,
      clinician: 'พญ.กมลวรรณ ใจงาม',
      facility: { id: 'siriraj-hospital', nameTh: 'โรงพยาบาลศิริราช', nameEn: 'Siriraj Hospital' },
    };
    const shrimp = penicillinAllergy({
      id: 'a2',
      substance: 'กุ้ง',
      category: 'food',
      reaction: null,
      severity: 'mild',
      recordedBy: ours,
    });
    const gout = { id: 'c2', name: 'โรคเกาต์', icd10: 'M10', recordedBy: ours, recordedAt: today };
    const { user, fetchMock, dialog } = await openAppointment(['clinician'], entry, {
      [`GET ${LIST}/${entry.id}/record`]: () =>
        json(200, { data: [patientRecord({ allergies: [penicillinAllergy(), shrimp] })] }),
      [`POST ${LIST}/${entry.id}/conditions`]: () =>
        json(201, { data: [{ allergies: [penicillinAllergy(), shrimp], conditions: [gout] }] }),
      [`DELETE ${LIST}/${entry.id}/allergies/a2`]: () =>
        json(200, { data: [{ allergies: [penicillinAllergy()], conditions: [gout] }] }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'เปิดดูประวัติผู้ป่วย' }));
    const record = await within(dialog).findByRole('region', { name: 'ประวัติผู้ป่วย' });
    const banner = await within(record).findByRole('region', { name: 'ประวัติแพ้และโรคประจำตัว' });
    expect(banner).toHaveTextContent('ผู้ป่วยมีประวัติแพ้');
    expect(banner).toHaveTextContent('เพนิซิลลิน (ยา) · รุนแรง · ผื่นลมพิษ หน้าบวม');
    expect(banner).toHaveTextContent('ผู้ป่วยบันทึกเอง');
    expect(banner).toHaveTextContent('พญ.กมลวรรณ ใจงาม · โรงพยาบาลศิริราช');
    // Only the facility's own entry can be removed here.
    expect(within(banner).queryByRole('button', { name: 'ลบ เพนิซิลลิน' })).not.toBeInTheDocument();

    await user.click(within(record).getByRole('button', { name: 'เพิ่มโรคประจำตัว' }));
    await user.type(within(record).getByRole('combobox', { name: /^โรค/ }), 'โรคเก');
    await user.click(await screen.findByRole('option', { name: 'โรคเกาต์' }));
    expect(within(record).getByRole('textbox', { name: 'รหัส ICD-10' })).toHaveValue('M10');
    await user.click(within(record).getByRole('button', { name: 'บันทึก' }));
    expect(await within(banner).findByText('โรคเกาต์ (M10)')).toBeInTheDocument();
    expect(posts(fetchMock)).toContainEqual({
      path: `/${entry.id}/conditions`,
      body: { name: 'โรคเกาต์', icd10: 'M10' },
    });

    // Removing asks once more, and may be given up.
    await user.click(within(banner).getByRole('button', { name: 'ลบ กุ้ง' }));
    await user.click(within(banner).getByRole('button', { name: 'ไม่ลบ' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(banner).getByRole('button', { name: 'ลบ กุ้ง' }));
    await user.click(within(banner).getByRole('button', { name: 'ยืนยันลบ กุ้ง' }));
    await waitFor(() => expect(banner).not.toHaveTextContent('กุ้ง'));
  });

  it('asks a clinician for a reason before opening the record of a patient outside care, and says it is flagged', async () => {
    const entry = dayEntry(clockIn(60 * 24), { status: 'booked' });
    const reason = 'ผู้ป่วยโทรแจ้งอาการแพ้ยา ต้องตรวจสอบรายการยา';
    const { user, fetchMock, dialog } = await openAppointment(['clinician'], entry, {
      [`GET ${LIST}/${entry.id}/record`]: () =>
        json(403, apiError('record_outside_care', 'ผู้ป่วยรายนี้ไม่ได้มีนัดที่เช็กอินแล้วหรือนัดวันนี้')),
      [`POST ${LIST}/${entry.id}/record/break-glass`]: () =>
        json(200, { data: [patientRecord({ openedAs: 'break_glass' })] }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'เปิดดูประวัติผู้ป่วย' }));
    const record = await within(dialog).findByRole('region', { name: 'ประวัติผู้ป่วย' });
    expect(await within(record).findByText('ผู้ป่วยรายนี้ไม่ได้อยู่ในการดูแลวันนี้')).toBeInTheDocument();
    const field = within(record).getByRole('textbox', { name: /เหตุผลที่ต้องเปิดดู/ });

    // A reason too short to say anything is refused before anything is sent.
    await user.type(field, 'ดูก่อน');
    await user.click(within(record).getByRole('button', { name: 'เปิดดูโดยระบุเหตุผล' }));
    expect(await within(record).findByText('กรุณาระบุเหตุผลให้ชัดเจน อย่างน้อย 10 ตัวอักษร')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/break-glass'))).toBe(false);

    await user.clear(field);
    await user.type(field, reason);
    await user.click(within(record).getByRole('button', { name: 'เปิดดูโดยระบุเหตุผล' }));
    expect(await within(record).findByText('เปิดดูนอกการนัดหมาย ผู้ป่วยจะเห็นเหตุผลที่คุณระบุ')).toBeInTheDocument();
    expect(record).toHaveTextContent('ปิยะ ใจงาม');
    const sentBody = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/break-glass'))![1]!.body;
    expect(JSON.parse(sentBody as string)).toEqual({ reason });
  });

  it('keeps the visit form open when it was opened while the call-in was still on its way', async () => {
    const entry = dayEntry(clockIn(-10), { status: 'checked_in', queue: { number: 4, label: 'A004', ahead: 0 } });
    let answerCallIn: () => void = () => undefined;
    const { user, dialog } = await openAppointment(['clinician'], entry, {
      [`POST ${LIST}/${entry.id}/start-consultation`]: () =>
        new Promise<Response>((resolve) => {
          answerCallIn = () => resolve(json(200, { data: [{ ...entry, status: 'in_consultation' }] }));
        }),
      [`GET ${LIST}/${entry.id}/record`]: () => json(200, { data: [patientRecord()] }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'เรียกพบแพทย์' }));
    // A busy clinician goes straight on to the visit before the call-in has been answered.
    await user.click(within(dialog).getByRole('button', { name: 'บันทึกผลการตรวจ' }));
    const form = await screen.findByRole('dialog', { name: `บันทึกผลการตรวจ: ${entry.patient!.name}` });
    answerCallIn();
    expect(await within(dialog).findByText('เรียก ปิยะ ใจงาม พบแพทย์แล้ว')).toBeInTheDocument();
    expect(form).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: `บันทึกผลการตรวจ: ${entry.patient!.name}` })).toBeVisible();
  });

  it('writes the visit beside the patient’s record, and the record then shows the visit just saved', async () => {
    const entry = dayEntry(clockIn(-10), { status: 'in_consultation', queue: { number: 4, label: 'A004', ahead: 0 } });
    let saved = false;
    const visit = {
      id: entry.id,
      source: 'screening' as const,
      date: today,
      facility: { id: 'siriraj-hospital', name: 'โรงพยาบาลศิริราช' },
      symptoms: 'ไอ',
      diagnosis: 'คออักเสบจากไวรัส',
      icd10: null,
      version: 1,
      longTerm: false,
      refillOffered: false,
      correction: null,
    };
    const { user, fetchMock, dialog } = await openAppointment(['clinician'], entry, {
      [`GET ${LIST}/${entry.id}/record`]: () =>
        json(200, { data: [patientRecord(saved ? { visits: [visit as never] } : {})] }),
      [`POST ${LIST}/${entry.id}/complete`]: () => {
        saved = true;
        return json(200, { data: [{ ...entry, status: 'completed' }] });
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'บันทึกผลการตรวจ' }));
    const form = await screen.findByRole('dialog', { name: `บันทึกผลการตรวจ: ${entry.patient!.name}` });
    // The record is in view beside the form, without a way to hide it there.
    const record = await within(form).findByRole('region', { name: 'ประวัติผู้ป่วย' });
    expect(await within(record).findByText('ยังไม่มีประวัติการรักษา')).toBeInTheDocument();
    expect(within(record).queryByRole('button', { name: 'ซ่อนประวัติ' })).not.toBeInTheDocument();
    expect(within(form).getByRole('region', { name: 'ผลการตรวจและยาที่สั่ง' })).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: /^ผลการตรวจ/ }), 'คออักเสบจากไวรัส');
    await user.click(within(form).getByRole('button', { name: 'บันทึกผลการตรวจ' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^บันทึกผลการตรวจ:/ })).not.toBeInTheDocument());
    // Back on the appointment, the record reads as it now stands.
    await user.click(within(dialog).getByRole('button', { name: 'เปิดดูประวัติผู้ป่วย' }));
    const after = await within(dialog).findByRole('region', { name: 'ประวัติผู้ป่วย' });
    // The visit just recorded, in the history and as this visit, which a correction may amend.
    const thisVisit = await within(after).findByRole('region', { name: 'การตรวจครั้งนี้' });
    expect(within(thisVisit).getByText(/คออักเสบจากไวรัส/)).toBeInTheDocument();
    expect(within(thisVisit).getByRole('button', { name: 'แก้ไขผลการตรวจครั้งนี้' })).toBeInTheDocument();
    expect(within(after).getAllByText(/คออักเสบจากไวรัส/)).toHaveLength(2);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/record'))).toHaveLength(2);
  });

  it('shows the results beside the record in care, this visit’s held ones to give to the patient', async () => {
    const entry = dayEntry(clockIn(-10), { status: 'in_consultation', queue: { number: 4, label: 'A004', ahead: 0 } });
    const { user, dialog } = await openAppointment(['clinician'], entry, {
      [`GET ${LIST}/${entry.id}/record`]: () => json(200, { data: [patientRecord()] }),
      [`GET ${LIST}/${entry.id}/results`]: () => json(200, { data: [heldHbA1c(entry.id)] }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'เปิดดูประวัติผู้ป่วย' }));
    const record = await within(dialog).findByRole('region', { name: 'ประวัติผู้ป่วย' });
    const results = await within(record).findByRole('region', { name: 'ผลตรวจ' });
    expect(await within(results).findByText('น้ำตาลสะสม (HbA1c)')).toBeInTheDocument();
    expect(results).toHaveTextContent('ยังไม่ส่งให้ผู้ป่วย');
    expect(within(results).getByRole('button', { name: 'ส่งผลให้ผู้ป่วย (1 รายการ)' })).toBeInTheDocument();
  });

  it("reads a past visit's results only when asked: the lab that came back since is recorded there", async () => {
    const past = dayEntry('09:00', { status: 'completed' }, addDays(today, -7));
    const { user, dialog, fetchMock } = await openAppointment(['clinician'], past, {
      [`GET ${LIST}/${past.id}/results`]: () => json(200, { data: [heldHbA1c(past.id)] }),
    });
    // Each reading is audited and shown to the patient.
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/results'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'ดูและบันทึกผลตรวจ' }));
    const results = await within(dialog).findByRole('region', { name: 'ผลตรวจ' });
    expect(await within(results).findByText('น้ำตาลสะสม (HbA1c)')).toBeInTheDocument();
    expect(within(results).getByRole('button', { name: 'บันทึกผลตรวจ' })).toBeInTheDocument();
  });

  it('offers nothing to change on a cancelled appointment and says why it was cancelled', async () => {
    const entry = dayEntry(clockIn(30), {
      status: 'cancelled',
      cancellation: { by: 'hospital', reason: 'ปิดปรับปรุงอาคาร' },
      deposit: { amount: 300, state: 'refunded', atDesk: null },
    });
    const { dialog } = await openAppointment(['front_desk', 'clinician'], entry);
    expect(dialog).toHaveTextContent('โรงพยาบาลยกเลิก: ปิดปรับปรุงอาคาร');
    expect(dialog).toHaveTextContent('คืนเงินแล้ว 300 บาท');
    expect(within(dialog).getByText('ไม่มีสิ่งที่ต้องทำกับนัดนี้แล้ว')).toBeInTheDocument();
    expect(
      within(dialog)
        .queryAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['ปิด']);
  });
});
