import type { Medication, Visit } from '@klaimor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../../test/render';
import { FACILITY, apiError, patientRecord, today } from '../staff-test-data';
import '../staff.texts';
import { PatientRecordView } from './PatientRecordView';

const appointmentId = '33333333-3333-4333-8333-333333333333';
const base = `/api/staff/facilities/${FACILITY}/appointments/${appointmentId}`;
const REASON = 'แพทย์สั่งขนาดยาผิด ต้องวันละครั้ง';

const visit: Visit = {
  id: appointmentId,
  source: 'screening',
  date: today,
  time: '09:00',
  facility: { id: FACILITY, name: 'โรงพยาบาลศิริราช', nameEn: 'Siriraj Hospital' },
  department: null,
  doctor: null,
  diagnosis: 'ไข้หวัด',
  notes: 'ดื่มน้ำมาก ๆ',
  symptoms: 'ไอ',
  symptomDuration: '2 วัน',
  icd10: 'J06.9',
  followUpDate: null,
  version: 1,
  correction: null,
  earlierVersions: [],
};

const para: Medication = {
  id: '44444444-4444-4444-8444-444444444444',
  name: 'พาราเซตามอล',
  atcCode: 'N02BE01',
  strength: '500 mg',
  form: 'tablet',
  doses: { afterBreakfast: 2, afterLunch: 2, afterDinner: 2, beforeBed: 0 },
  customDose: null,
  mealTiming: 'after',
  intervalDose: null,
  asNeeded: null,
  startDate: today,
  endDate: today,
  instructions: null,
  stock: null,
  status: 'active',
  stoppedAt: null,
  dailyUnits: 6,
  daysOfStockLeft: null,
  runningLow: false,
  prescribedBy: {
    appointmentId,
    hospital: { id: FACILITY, nameTh: 'โรงพยาบาลศิริราช', nameEn: 'Siriraj Hospital' },
  },
  version: 1,
  longTerm: false,
  refillOffered: false,
  replaces: null,
  correction: null,
  createdAt: `${today}T02:00:00.000Z`,
  updatedAt: `${today}T02:00:00.000Z`,
};

const NO_MEALS = { afterBreakfast: 0, afterLunch: 0, afterDinner: 0, beforeBed: 0 };
/** Paracetamol when feverish, omeprazole before breakfast, amoxicillin every 6 hours: the three ways. */
const paraWhenFeverish: Medication = {
  ...para,
  doses: NO_MEALS,
  asNeeded: { amount: 1, maxPerDay: 4, reason: 'เมื่อมีไข้' },
  dailyUnits: 0,
};
const omeprazole: Medication = {
  ...para,
  id: '66666666-6666-4666-8666-666666666666',
  name: 'Omeprazole',
  atcCode: 'A02BC01',
  strength: '20 mg',
  form: 'capsule',
  doses: { ...NO_MEALS, afterBreakfast: 1 },
  mealTiming: 'before',
  dailyUnits: 1,
};
const amoxicillin: Medication = {
  ...para,
  id: '77777777-7777-4777-8777-777777777777',
  name: 'Amoxicillin',
  atcCode: 'J01CA04',
  strength: '500 mg',
  form: 'capsule',
  doses: NO_MEALS,
  intervalDose: { everyHours: 6, firstTime: '06:00', amount: 1 },
  dailyUnits: 4,
};

function renderRecord(handlers: Parameters<typeof mockApi>[0] = {}, medications: Medication[] = [para]) {
  const user = userEvent.setup({ delay: null });
  const fetchMock = mockApi({
    [`GET ${base}/record`]: () => json(200, { data: [patientRecord({ medications, visits: [visit] })] }),
    ...handlers,
  });
  renderWithProviders(<PatientRecordView facilityId={FACILITY} appointmentId={appointmentId} />);
  const sent = (path: string) =>
    fetchMock.mock.calls
      .filter(([url, init]) => String(url).endsWith(path) && init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
  return { user, fetchMock, sent };
}

describe("correcting this visit's record", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('amends a dose with a reason of 10 letters, in the contract shape, and shows the corrected prescription', async () => {
    const corrected: Medication = {
      ...para,
      id: '55555555-5555-4555-8555-555555555555',
      doses: { afterBreakfast: 1, afterLunch: 0, afterDinner: 0, beforeBed: 0 },
      version: 2,
      replaces: para.id,
    };
    const replaced: Medication = {
      ...para,
      status: 'ended',
      correction: { status: 'amended', at: `${today}T03:00:00.000Z`, reason: REASON, replacedBy: corrected.id },
    };
    const { user, sent } = renderRecord({
      [`POST ${base}/prescriptions/${para.id}/amend`]: () =>
        json(200, { data: [{ visit, medications: [replaced, corrected] }] }),
    });
    await user.click(await screen.findByRole('button', { name: 'แก้ไข พาราเซตามอล 500 mg' }));
    const form = screen.getByRole('form', { name: 'แก้ไขรายการยา: พาราเซตามอล 500 mg' });
    expect(within(form).getByRole('textbox', { name: /^ชื่อยา/ })).toHaveValue('พาราเซตามอล');
    expect(within(form).getByRole('textbox', { name: /^จำนวนวัน/ })).toHaveValue('1');
    for (const [time, amount] of [
      ['หลังอาหารเช้า', '1'],
      ['หลังอาหารกลางวัน', '0'],
      ['หลังอาหารเย็น', '0'],
    ]) {
      const box = within(form).getByRole('textbox', { name: new RegExp(`^${time}`) });
      await user.clear(box);
      await user.type(box, amount);
    }

    // Too short a reason is refused by the shared schema before anything is sent.
    const reason = within(form).getByRole('textbox', { name: /^เหตุผลที่แก้ไข/ });
    await user.type(reason, 'ผิด');
    await user.click(within(form).getByRole('button', { name: 'บันทึกการแก้ไข' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription(/10/));
    expect(sent(`/prescriptions/${para.id}/amend`)).toEqual([]);

    await user.clear(reason);
    await user.type(reason, REASON);
    await user.click(within(form).getByRole('button', { name: 'บันทึกการแก้ไข' }));
    expect(await screen.findByText('บันทึกการแก้ไขแล้ว ผู้ป่วยจะได้รับแจ้ง')).toBeInTheDocument();
    expect(sent(`/prescriptions/${para.id}/amend`)).toEqual([
      {
        expectedVersion: 1,
        reason: REASON,
        prescription: {
          drug: 'พาราเซตามอล',
          // The same drug: its code from the list stays.
          atcCode: 'N02BE01',
          strength: '500 mg',
          form: 'tablet',
          doses: { afterBreakfast: 1, afterLunch: 0, afterDinner: 0, beforeBed: 0 },
          mealTiming: 'after',
          days: 1,
          longTerm: false,
          instructions: null,
        },
      },
    ]);
    // The record now lists the corrected prescription, ready to be corrected in its turn.
    const thisVisit = screen.getByRole('region', { name: 'การตรวจครั้งนี้' });
    expect(within(thisVisit).getByText('หลังอาหารเช้า 1', { exact: false })).toBeInTheDocument();
    expect(within(thisVisit).getAllByRole('button', { name: 'แก้ไข พาราเซตามอล 500 mg' })).toHaveLength(1);
  });

  it('reads each way a prescription is taken, and amends one taken as needed in its own shape', async () => {
    const corrected: Medication = {
      ...paraWhenFeverish,
      id: '55555555-5555-4555-8555-555555555555',
      asNeeded: { amount: 1, maxPerDay: 3, reason: 'เมื่อปวด' },
      version: 2,
      replaces: para.id,
    };
    const replaced: Medication = {
      ...paraWhenFeverish,
      status: 'ended',
      correction: { status: 'amended', at: `${today}T03:00:00.000Z`, reason: REASON, replacedBy: corrected.id },
    };
    const { user, sent } = renderRecord(
      {
        [`POST ${base}/prescriptions/${para.id}/amend`]: () =>
          json(200, { data: [{ visit, medications: [replaced, corrected, omeprazole, amoxicillin] }] }),
      },
      [paraWhenFeverish, omeprazole, amoxicillin],
    );
    const thisVisit = await screen.findByRole('region', { name: 'การตรวจครั้งนี้' });
    const line = (name: string) => within(thisVisit).getByText(name).closest('p');
    expect(line('พาราเซตามอล 500 mg')).toHaveTextContent(
      /^พาราเซตามอล 500 mg เมื่อมีไข้ ครั้งละ 1 เม็ด ไม่เกินวันละ 4 ครั้ง · ถึง /,
    );
    expect(line('Omeprazole 20 mg')).toHaveTextContent(/^Omeprazole 20 mg ก่อนอาหารเช้า 1 แคปซูล · ถึง /);
    expect(line('Amoxicillin 500 mg')).toHaveTextContent(
      /^Amoxicillin 500 mg ทุก 6 ชั่วโมง เริ่ม 06:00 ครั้งละ 1 แคปซูล · ถึง /,
    );

    await user.click(screen.getByRole('button', { name: 'แก้ไข พาราเซตามอล 500 mg' }));
    const form = screen.getByRole('form', { name: 'แก้ไขรายการยา: พาราเซตามอล 500 mg' });
    expect(within(form).getByRole('button', { name: 'เมื่อมีอาการ (PRN)' })).toHaveAttribute('aria-pressed', 'true');
    const prn = within(form).getByRole('group', { name: 'ทานเมื่อมีอาการ' });
    expect(within(prn).getByRole('textbox', { name: /^ครั้งละ/ })).toHaveValue('1');
    const most = within(prn).getByRole('textbox', { name: /^ไม่เกินวันละ/ });
    expect(most).toHaveValue('4');
    expect(within(prn).getByRole('textbox', { name: /^ใช้เมื่อ/ })).toHaveValue('เมื่อมีไข้');
    await user.clear(most);
    await user.type(most, '3');
    await user.click(within(prn).getByRole('button', { name: 'เมื่อปวด' }));
    await user.type(within(form).getByRole('textbox', { name: /^เหตุผลที่แก้ไข/ }), REASON);
    await user.click(within(form).getByRole('button', { name: 'บันทึกการแก้ไข' }));
    expect(await screen.findByText('บันทึกการแก้ไขแล้ว ผู้ป่วยจะได้รับแจ้ง')).toBeInTheDocument();
    expect(sent(`/prescriptions/${para.id}/amend`)).toEqual([
      {
        expectedVersion: 1,
        reason: REASON,
        prescription: {
          drug: 'พาราเซตามอล',
          atcCode: 'N02BE01',
          strength: '500 mg',
          form: 'tablet',
          asNeeded: { amount: 1, maxPerDay: 3, reason: 'เมื่อปวด' },
          days: 1,
          longTerm: false,
          instructions: null,
        },
      },
    ]);
    expect(line('พาราเซตามอล 500 mg')).toHaveTextContent('เมื่อปวด ครั้งละ 1 เม็ด ไม่เกินวันละ 3 ครั้ง');
  });

  it("changes the way a prescription is taken, and puts the server's reasons on its boxes", async () => {
    const { user, sent } = renderRecord({
      [`POST ${base}/prescriptions/${para.id}/amend`]: () =>
        json(
          400,
          apiError('validation_failed', 'ข้อมูลไม่ถูกต้อง', {
            'prescription.intervalDose': 'mixed_dose_kinds',
            'prescription.days': 'out_of_range',
          }),
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'แก้ไข พาราเซตามอล 500 mg' }));
    const form = screen.getByRole('form', { name: 'แก้ไขรายการยา: พาราเซตามอล 500 mg' });
    expect(within(form).getByRole('textbox', { name: 'หลังอาหารเช้า' })).toHaveValue('2');
    await user.click(within(form).getByRole('button', { name: 'ทุก N ชั่วโมง' }));
    const interval = within(form).getByRole('group', { name: 'ทานทุกกี่ชั่วโมง' });
    await user.selectOptions(within(interval).getByRole('combobox', { name: 'ทุก' }), '6 ชั่วโมง');
    await user.type(within(interval).getByRole('textbox', { name: /^ครั้งละ/ }), '1');
    await user.type(within(form).getByRole('textbox', { name: /^เหตุผลที่แก้ไข/ }), REASON);
    await user.click(within(form).getByRole('button', { name: 'บันทึกการแก้ไข' }));
    await waitFor(() =>
      expect(interval).toHaveAccessibleDescription('เลือกวิธีทานได้แบบเดียว: ตามมื้อ ทุก N ชั่วโมง หรือเมื่อมีอาการ'),
    );
    expect(within(form).getByRole('textbox', { name: /^จำนวนวัน/ })).toHaveAccessibleDescription('1 ถึง 365 วัน');
    expect(sent(`/prescriptions/${para.id}/amend`)).toEqual([
      expect.objectContaining({
        prescription: {
          drug: 'พาราเซตามอล',
          atcCode: 'N02BE01',
          strength: '500 mg',
          form: 'tablet',
          intervalDose: { everyHours: 6, firstTime: '06:00', amount: 1 },
          days: 1,
          longTerm: false,
          instructions: null,
        },
      }),
    ]);
  });

  it('marks the visit entered in error with only a reason, and says so when another clinician was first', async () => {
    const { user, sent } = renderRecord({
      [`POST ${base}/visit/entered-in-error`]: () =>
        json(
          409,
          apiError('visit_changed_meanwhile', 'บันทึกการตรวจนี้ถูกแก้ไขไปแล้วระหว่างนี้ กรุณาเปิดบันทึกล่าสุดแล้วตรวจสอบอีกครั้งก่อนแก้ไข'),
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'บันทึกผิดพลาด: ผลการตรวจครั้งนี้' }));
    const form = screen.getByRole('form', { name: 'ระบุว่าบันทึกผลการตรวจผิดพลาด' });
    expect(within(form).queryByRole('textbox', { name: /^ผลการตรวจ/ })).not.toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /^เหตุผลที่แก้ไข/ }), 'บันทึกผิดคน เป็นของผู้ป่วยรายอื่น');
    await user.click(within(form).getByRole('button', { name: 'ยืนยันว่าบันทึกผิดพลาด' }));
    expect(await within(form).findByText(/ถูกแก้ไขไปแล้วระหว่างนี้/)).toBeInTheDocument();
    expect(sent('/visit/entered-in-error')).toEqual([{ expectedVersion: 1, reason: 'บันทึกผิดคน เป็นของผู้ป่วยรายอื่น' }]);
  });

  it('offers no correction of a visit already entered in error', async () => {
    mockApi({
      [`GET ${base}/record`]: () =>
        json(200, {
          data: [
            patientRecord({
              visits: [
                {
                  ...visit,
                  version: 2,
                  correction: { status: 'entered_in_error', at: `${today}T03:00:00.000Z`, reason: REASON },
                },
              ],
            }),
          ],
        }),
    });
    renderWithProviders(<PatientRecordView facilityId={FACILITY} appointmentId={appointmentId} />);
    const thisVisit = await screen.findByRole('region', { name: 'การตรวจครั้งนี้' });
    expect(within(thisVisit).getAllByText('บันทึกผิดพลาด').length).toBeGreaterThan(0);
    expect(within(thisVisit).queryByRole('button', { name: 'แก้ไขผลการตรวจครั้งนี้' })).not.toBeInTheDocument();
  });
});
