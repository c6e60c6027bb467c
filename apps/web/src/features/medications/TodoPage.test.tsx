import {
  addDays,
  todayInBangkok,
  type Adherence,
  type Checklist,
  type ChecklistAsNeeded,
  type ChecklistDose,
  type Medication,
} from '@klaimor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { TodoPage } from './TodoPage';
import { TodayDosesSummary } from './TodayDosesSummary';
import { findMedicineLink } from './medications-format';

const today = todayInBangkok();

const dose = (patch: Partial<ChecklistDose>): ChecklistDose => ({
  medicationId: '11111111-1111-4111-8111-111111111111',
  name: 'Metformin',
  strength: '500 mg',
  form: 'tablet',
  instructions: 'ทานหลังอาหารทันที',
  doseTime: 'afterBreakfast',
  label: null,
  time: null,
  mealTiming: 'after',
  everyHours: null,
  amount: 1,
  taken: false,
  takenAt: null,
  stock: 40,
  daysOfStockLeft: 20,
  runningLow: false,
  ...patch,
});
const amlodipine = '22222222-2222-4222-8222-222222222222';

function checklistOf(doses: ChecklistDose[], date = today, asNeeded: ChecklistAsNeeded[] = []): Checklist {
  return { date, doses, due: doses.length, taken: doses.filter((d) => d.taken).length, asNeeded };
}

const todayDoses = () => [
  dose({ taken: true, takenAt: `${today}T01:15:00Z` }),
  dose({ doseTime: 'afterDinner', amount: 1 }),
  dose({
    medicationId: amlodipine,
    name: 'Amlodipine',
    strength: '5 mg',
    doseTime: 'afterDinner',
    amount: 1,
    stock: 3,
    daysOfStockLeft: 3,
    runningLow: true,
    instructions: null,
  }),
  dose({ doseTime: 'beforeBed', medicationId: amlodipine, name: 'Amlodipine', strength: '5 mg', instructions: null }),
];

const adherence: Adherence[] = [
  {
    days: 7,
    from: addDays(today, -6),
    to: today,
    due: 20,
    taken: 15,
    rate: 0.75,
    daily: Array.from({ length: 7 }, (_, i) => ({
      date: addDays(today, i - 6),
      due: i === 0 ? 0 : 4,
      taken: i === 0 ? 0 : i % 2 ? 4 : 2,
    })),
  },
  { days: 30, from: addDays(today, -29), to: today, due: 0, taken: 0, rate: null, daily: [] },
];

const medication: Medication = {
  id: amlodipine,
  name: 'Amlodipine',
  atcCode: null,
  strength: '5 mg',
  form: 'tablet',
  doses: { afterBreakfast: 0, afterLunch: 0, afterDinner: 1, beforeBed: 1 },
  customDose: null,
  mealTiming: 'after',
  intervalDose: null,
  asNeeded: null,
  startDate: '2025-01-01',
  endDate: null,
  instructions: null,
  stock: 3,
  status: 'active',
  stoppedAt: null,
  dailyUnits: 2,
  daysOfStockLeft: 1,
  runningLow: true,
  prescribedBy: null,
  version: 1,
  longTerm: false,
  refillOffered: false,
  replaces: null,
  correction: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  let doses = todayDoses();
  const fetchMock = mockApi({
    'GET /api/checklist': () => json(200, { data: [checklistOf(doses)] }),
    'PUT /api/checklist/ticks': (init) => {
      const tick = JSON.parse(init.body as string) as { medicationId: string; doseTime: string; taken: boolean };
      doses = doses.map((d) =>
        d.medicationId === tick.medicationId && d.doseTime === tick.doseTime ? { ...d, taken: tick.taken } : d,
      );
      return json(200, { data: [checklistOf(doses)] });
    },
    'GET /api/adherence': () => json(200, { data: adherence }),
    'GET /api/medications': () => json(200, { data: [medication] }),
    ...extra,
  });
  return fetchMock;
}

describe('TodoPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows today's doses in panels per time of day, the first one still due open", async () => {
    api();
    renderWithProviders(<TodoPage />, { route: '/todo' });
    expect(screen.getByRole('heading', { level: 1, name: 'รายการที่ต้องทำประจำวัน' })).toBeInTheDocument();
    expect(await screen.findByText('ทานแล้ว 1 จาก 4 รายการ')).toBeInTheDocument();
    const panels = screen
      .getAllByRole('button', { expanded: undefined })
      .filter((b) => b.hasAttribute('aria-expanded'));
    expect(panels.map((p) => [p.textContent, p.getAttribute('aria-expanded')])).toEqual([
      ['หลังอาหารเช้ายา 1 รายการ1/1', 'false'],
      ['หลังอาหารเย็นยา 2 รายการ0/2', 'true'],
      ['ก่อนนอนยา 1 รายการ0/1', 'false'],
    ]);
    expect(screen.getByRole('checkbox', { name: 'Metformin 500 mg · 1 เม็ด' })).not.toBeChecked();
    expect(screen.getByText('ยาใกล้หมด เหลือพอสำหรับ 3 วัน')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ช่วยค้นหายา Amlodipine 5 mg ที่ร้านขายยาใกล้คุณ' })).toHaveAttribute(
      'href',
      '/map?kind=pharmacy&medicine=Amlodipine+5+mg',
    );
  });

  it('ticks and unticks a dose of today, stored through the API', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api();
    renderWithProviders(<TodoPage />, { route: '/todo' });
    const box = await screen.findByRole('checkbox', { name: 'Amlodipine 5 mg · 1 เม็ด' });
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(await screen.findByText('ทานแล้ว 2 จาก 4 รายการ')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse((put?.[1] as RequestInit).body as string)).toEqual({
      date: today,
      medicationId: amlodipine,
      doseTime: 'afterDinner',
      taken: true,
      takenAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    await user.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(await screen.findByText('ทานแล้ว 1 จาก 4 รายการ')).toBeInTheDocument();
  });

  it('puts the box back and says why when a tick fails', async () => {
    const user = userEvent.setup({ delay: null });
    api({ 'PUT /api/checklist/ticks': () => json(409, { error: { code: 'dose_not_due', message: 'x' } }) });
    renderWithProviders(<TodoPage />, { route: '/todo' });
    const box = await screen.findByRole('checkbox', { name: 'Amlodipine 5 mg · 1 เม็ด' });
    await user.click(box);
    expect(await screen.findByText('ยานี้ไม่มีมื้อนี้ในวันที่เลือก')).toBeInTheDocument();
    await waitFor(() => expect(box).not.toBeChecked());
  });

  it('goes back a day to view and correct it, and not past today', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api();
    renderWithProviders(<TodoPage />, { route: '/todo' });
    expect(await screen.findByText('วันนี้')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'วันถัดไป' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'วันก่อนหน้า' }));
    expect(await screen.findByText('ดูย้อนหลัง: แก้ไขการทานยาของวันนั้นได้')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url).endsWith(`/api/checklist?date=${addDays(today, -1)}`)),
      ).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'วันถัดไป' })).toBeEnabled();
  });

  it('draws adherence as bars with a spoken value for each day', async () => {
    const user = userEvent.setup({ delay: null });
    api();
    renderWithProviders(<TodoPage />, { route: '/todo' });
    expect(await screen.findByText('75%')).toBeInTheDocument();
    expect(screen.getByText('ทานแล้ว 15 จาก 20 ครั้ง ใน 7 วันล่าสุด')).toBeInTheDocument();
    const chart = screen.getByRole('list', { name: 'สัดส่วนการทานยารายวัน 7 วันล่าสุด' });
    expect(within(chart).getAllByRole('listitem')).toHaveLength(7);
    expect(within(chart).getAllByText(/ไม่มียาที่ต้องทาน$/)).toHaveLength(1);
    expect(within(chart).getAllByText(/ทาน 2 จาก 4 \(50%\)$/).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: '30 วัน' }));
    expect(await screen.findByText('ยังไม่มียาที่ต้องทานในช่วงนี้')).toBeInTheDocument();
  });

  it('adds a medication with its doses per time of day, in the contract shape', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api({ 'POST /api/medications': () => json(201, { data: [medication] }) });
    renderWithProviders(<TodoPage />, { route: '/todo' });
    expect(await screen.findByRole('article', { name: 'Amlodipine 5 mg' })).toHaveTextContent('ยาใกล้หมด');
    await user.click(screen.getByRole('button', { name: 'เพิ่มยา' }));
    const dialog = await screen.findByRole('dialog', { name: 'เพิ่มยา' });
    await user.click(within(dialog).getByRole('textbox', { name: 'ชื่อยา' }));
    await user.paste('Paracetamol');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    expect(await within(dialog).findByText('กรุณาระบุจำนวนยาอย่างน้อยหนึ่งมื้อ')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('textbox', { name: 'ความแรง' }));
    await user.paste('500 mg');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'หลังอาหารเช้า' }), '2 เม็ด');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'ก่อนนอน' }), '1 เม็ด');
    await user.click(within(dialog).getByRole('textbox', { name: 'จำนวนยาที่เหลืออยู่' }));
    await user.paste('30');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText('บันทึกยาแล้ว')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(
      ([url, init]) => init?.method === 'POST' && String(url).endsWith('/api/medications'),
    );
    expect(JSON.parse((post?.[1] as RequestInit).body as string)).toEqual({
      name: 'Paracetamol',
      strength: '500 mg',
      form: 'tablet',
      doses: { afterBreakfast: 2, afterLunch: 0, afterDinner: 0, beforeBed: 1 },
      mealTiming: 'after',
      customDose: null,
      intervalDose: null,
      asNeeded: null,
      startDate: today,
      endDate: null,
      instructions: null,
      stock: 30,
    });
  });

  it('stops a medication after asking', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api({
      [`POST /api/medications/${amlodipine}/stop`]: () => json(200, { data: [{ ...medication, status: 'ended' }] }),
    });
    renderWithProviders(<TodoPage />, { route: '/todo' });
    await user.click(await screen.findByRole('button', { name: 'หยุดยา Amlodipine 5 mg' }));
    const dialog = await screen.findByRole('dialog', { name: 'หยุดยา Amlodipine 5 mg?' });
    await user.click(within(dialog).getByRole('button', { name: 'หยุดยา' }));
    expect(await screen.findByText('หยุดยาแล้ว')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'POST' && String(url).endsWith('/stop'))).toBe(
      true,
    );
  });

  it('marks a medicine the hospital prescribed and offers no edit of it, only stopping', async () => {
    api({
      'GET /api/medications': () =>
        json(200, {
          data: [
            {
              ...medication,
              prescribedBy: {
                appointmentId: 'a1',
                hospital: { id: 'siriraj-hospital', nameTh: 'โรงพยาบาลศิริราช', nameEn: 'Siriraj Hospital' },
              },
            },
          ],
        }),
    });
    renderWithProviders(<TodoPage />, { route: '/todo' });
    expect(await screen.findByText('แพทย์สั่งจากโรงพยาบาลศิริราช')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'แก้ไข Amlodipine 5 mg' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'หยุดยา Amlodipine 5 mg' })).toBeInTheDocument();
  });

  it('marks a prescription the hospital corrected, when and why, beside the one that replaced it', async () => {
    const prescribedBy = {
      appointmentId: 'a1',
      hospital: { id: 'siriraj-hospital', nameTh: 'โรงพยาบาลศิริราช', nameEn: 'Siriraj Hospital' },
    };
    const replacement = '22222222-2222-4222-8222-222222222222';
    api({
      'GET /api/medications': () =>
        json(200, {
          data: [
            { ...medication, id: replacement, prescribedBy, version: 2, replaces: medication.id },
            {
              ...medication,
              status: 'ended',
              prescribedBy,
              correction: {
                status: 'amended',
                at: '2025-03-02T03:00:00Z',
                reason: 'แพทย์สั่งขนาดยาผิด',
                replacedBy: replacement,
              },
            },
          ],
        }),
    });
    renderWithProviders(<TodoPage />, { route: '/todo' });
    const [current, replaced] = await screen.findAllByRole('article', { name: 'Amlodipine 5 mg' });
    expect(within(current).getByText('แก้ไขจากรายการเดิม')).toBeInTheDocument();
    expect(within(replaced).getByText('แก้ไขแล้ว')).toBeInTheDocument();
    expect(replaced).toHaveTextContent('แพทย์แก้ไขรายการยานี้เมื่อ 2 มี.ค. 2568');
    expect(replaced).toHaveTextContent('เหตุผล: แพทย์สั่งขนาดยาผิด');
    expect(within(replaced).queryByRole('button', { name: /หยุดยา/ })).not.toBeInTheDocument();
  });

  it('says when nothing is due today', async () => {
    mockApi({
      'GET /api/checklist': () => json(200, { data: [checklistOf([])] }),
      'GET /api/adherence': () => json(200, { data: adherence }),
      'GET /api/medications': () => json(200, { data: [] }),
    });
    renderWithProviders(<TodoPage />, { route: '/todo' });
    expect(await screen.findByText('ไม่มียาที่ต้องทานในวันนี้')).toBeInTheDocument();
    expect(screen.getByText('ยังไม่มีรายการยา')).toBeInTheDocument();
  });
});

describe('TodayDosesSummary', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts the doses left today and names the next time, linking to /todo', async () => {
    api();
    renderWithProviders(<TodayDosesSummary />);
    expect(await screen.findByText('เหลืออีก 3 รายการ')).toBeInTheDocument();
    expect(screen.getByText('มื้อถัดไป: หลังอาหารเย็น')).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAttribute('href', '/todo');
  });
});

describe('findMedicineLink', () => {
  it('asks the map for pharmacies and the medicine with its strength', () => {
    expect(findMedicineLink({ name: 'ยาแก้ไอ น้ำดำ', strength: null })).toBe(
      '/map?kind=pharmacy&medicine=%E0%B8%A2%E0%B8%B2%E0%B9%81%E0%B8%81%E0%B9%89%E0%B9%84%E0%B8%AD+%E0%B8%99%E0%B9%89%E0%B8%B3%E0%B8%94%E0%B8%B3',
    );
  });
});
