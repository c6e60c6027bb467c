import {
  todayInBangkok,
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

const today = todayInBangkok();
const metformin = '11111111-1111-4111-8111-111111111111';
const amoxicillin = '22222222-2222-4222-8222-222222222222';
const paracetamol = '33333333-3333-4333-8333-333333333333';

const dose = (patch: Partial<ChecklistDose>): ChecklistDose => ({
  medicationId: metformin,
  name: 'Metformin',
  strength: '500 mg',
  form: 'tablet',
  instructions: null,
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

/** Taken at 14:05 in Thailand (07:05 UTC), and so on. */
const take = (n: number) => ({
  id: `4444444${n}-4444-4444-8444-444444444444`,
  takenAt: `${today}T${String(7 + n).padStart(2, '0')}:05:00.000Z`,
  amount: 1,
});

const asNeeded = (takes: number): ChecklistAsNeeded => ({
  medicationId: paracetamol,
  name: 'Paracetamol',
  strength: '500 mg',
  form: 'tablet',
  instructions: null,
  reason: 'เมื่อมีไข้',
  amount: 1,
  maxPerDay: 4,
  takes: Array.from({ length: takes }, (_, i) => take(i)),
  stock: 10 - takes,
});

function checklistOf(doses: ChecklistDose[], as: ChecklistAsNeeded[]): Checklist {
  return { date: today, doses, due: doses.length, taken: doses.filter((d) => d.taken).length, asNeeded: as };
}

const base: Omit<Medication, 'id' | 'name' | 'doses' | 'mealTiming' | 'intervalDose' | 'asNeeded'> = {
  atcCode: null,
  strength: '500 mg',
  form: 'tablet',
  customDose: null,
  startDate: '2025-01-01',
  endDate: null,
  instructions: null,
  stock: 10,
  status: 'active',
  stoppedAt: null,
  dailyUnits: 0,
  daysOfStockLeft: null,
  runningLow: false,
  prescribedBy: null,
  version: 1,
  longTerm: false,
  refillOffered: false,
  replaces: null,
  correction: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};
const NO_DOSES = { afterBreakfast: 0, afterLunch: 0, afterDinner: 0, beforeBed: 0 };
const medications: Medication[] = [
  {
    ...base,
    id: paracetamol,
    name: 'Paracetamol',
    doses: NO_DOSES,
    mealTiming: 'after',
    intervalDose: null,
    asNeeded: { amount: 1, maxPerDay: 4, reason: 'เมื่อมีไข้' },
  },
  {
    ...base,
    id: amoxicillin,
    name: 'Amoxicillin',
    doses: NO_DOSES,
    mealTiming: 'after',
    intervalDose: { everyHours: 8, firstTime: '06:00', amount: 1 },
    asNeeded: null,
    dailyUnits: 3,
    daysOfStockLeft: 3,
  },
  {
    ...base,
    id: metformin,
    name: 'Metformin',
    doses: { ...NO_DOSES, afterBreakfast: 1 },
    mealTiming: 'before',
    intervalDose: null,
    asNeeded: null,
    stock: null,
  },
];

/** A day with Metformin before breakfast, Amoxicillin every 8 hours from 06:00, and Paracetamol when needed. */
const dueDoses = () => [
  dose({ doseTime: 'every1', medicationId: amoxicillin, name: 'Amoxicillin', time: '06:00', everyHours: 8 }),
  dose({ mealTiming: 'before', taken: true, takenAt: `${today}T00:31:00.000Z` }),
  dose({ doseTime: 'every2', medicationId: amoxicillin, name: 'Amoxicillin', time: '14:00', everyHours: 8 }),
  dose({ doseTime: 'every3', medicationId: amoxicillin, name: 'Amoxicillin', time: '22:00', everyHours: 8 }),
];

function api(takes = 0, extra: Parameters<typeof mockApi>[0] = {}) {
  const state = { takes };
  const fetchMock = mockApi({
    'GET /api/checklist': () => json(200, { data: [checklistOf(dueDoses(), [asNeeded(state.takes)])] }),
    'POST /api/checklist/as-needed': () => {
      state.takes += 1;
      return json(201, { data: [checklistOf(dueDoses(), [asNeeded(state.takes)])] });
    },
    'GET /api/adherence': () => json(200, { data: [] }),
    'GET /api/medications': () => json(200, { data: medications }),
    ...extra,
  });
  return { fetchMock, state };
}

const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).includes(path));

describe('the checklist with medicines taken every N hours, before meals and as needed', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('titles the panels by meal timing and by clock, and keeps the as-needed medicine out of the doses due', async () => {
    api();
    renderWithProviders(<TodoPage />, { route: '/todo' });
    expect(await screen.findByText('ทานแล้ว 1 จาก 4 รายการ')).toBeInTheDocument();
    const panels = screen.getAllByRole('button').filter((b) => b.hasAttribute('aria-expanded'));
    expect(panels.map((p) => p.querySelector('p')?.textContent)).toEqual([
      'ทุก 8 ชั่วโมง · 06:00 น.',
      'ก่อนอาหารเช้า',
      'ทุก 8 ชั่วโมง · 14:00 น.',
      'ทุก 8 ชั่วโมง · 22:00 น.',
    ]);
    expect(screen.queryByRole('checkbox', { name: /Paracetamol/ })).not.toBeInTheDocument();

    const section = screen.getByRole('region', { name: 'ยาที่ทานเมื่อมีอาการ' });
    const card = within(section).getByRole('article', { name: 'Paracetamol 500 mg' });
    expect(card).toHaveTextContent('เมื่อมีไข้ ครั้งละ 1 เม็ด ไม่เกินวันละ 4 ครั้ง');
    // Nothing taken yet is no missed dose: no count, no "not taken", nothing red.
    expect(card).not.toHaveTextContent('ยังไม่ได้ทาน');
    expect(card).not.toHaveTextContent('จาก 4 ครั้ง');
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'บันทึกว่าทานแล้ว (Paracetamol 500 mg)' })).toBeEnabled();
  });

  it('reads each way right in the medication list, with no days of stock for the as-needed one', async () => {
    api();
    renderWithProviders(<TodoPage />, { route: '/todo' });
    const list = (await screen.findByRole('heading', { name: 'ยาของฉัน' })).closest('section')!;
    const inList = (name: string) => within(list).getByRole('article', { name });
    await waitFor(() => expect(inList('Paracetamol 500 mg')).toBeInTheDocument());
    expect(inList('Paracetamol 500 mg')).toHaveTextContent('เมื่อมีไข้ ครั้งละ 1 เม็ด ไม่เกินวันละ 4 ครั้ง');
    expect(inList('Paracetamol 500 mg')).toHaveTextContent('เหลือ 10 เม็ด');
    expect(inList('Paracetamol 500 mg')).not.toHaveTextContent('(พอ');
    expect(inList('Amoxicillin 500 mg')).toHaveTextContent('ทุก 8 ชั่วโมง (06:00, 14:00, 22:00) ครั้งละ 1 เม็ด');
    expect(inList('Amoxicillin 500 mg')).toHaveTextContent('เหลือ 10 เม็ด (พอ 3 วัน)');
    expect(inList('Metformin 500 mg')).toHaveTextContent('ก่อนอาหารเช้า ครั้งละ 1 เม็ด');
  });

  it('records a taking, then shows how many of the most a day and when', async () => {
    const user = userEvent.setup({ delay: null });
    const { fetchMock } = api();
    renderWithProviders(<TodoPage />, { route: '/todo' });
    await user.click(await screen.findByRole('button', { name: 'บันทึกว่าทานแล้ว (Paracetamol 500 mg)' }));
    const card = screen.getAllByRole('article', { name: 'Paracetamol 500 mg' })[0];
    await waitFor(() => expect(card).toHaveTextContent('วันนี้ทานแล้ว 1 จาก 4 ครั้ง'));
    expect(card).toHaveTextContent('ทานเมื่อ 14:05 น. · 1 เม็ด');
    const [post] = calls(fetchMock, 'POST', '/api/checklist/as-needed');
    expect(JSON.parse((post[1] as RequestInit).body as string)).toEqual({ date: today, medicationId: paracetamol });
    // The doses due are as they were.
    expect(screen.getByText('ทานแล้ว 1 จาก 4 รายการ')).toBeInTheDocument();
  });

  it('says plainly when the most a day is reached, and records no more', async () => {
    api(4);
    renderWithProviders(<TodoPage />, { route: '/todo' });
    const button = await screen.findByRole('button', { name: 'บันทึกว่าทานแล้ว (Paracetamol 500 mg)' });
    expect(button).toBeDisabled();
    const card = screen.getAllByRole('article', { name: 'Paracetamol 500 mg' })[0];
    expect(card).toHaveTextContent('วันนี้ทานแล้ว 4 จาก 4 ครั้ง');
    expect(card).toHaveTextContent('วันนี้ทานครบ 4 ครั้งแล้ว ไม่ควรทานเพิ่มอีกในวันนี้');
    expect(button).toHaveAttribute('aria-describedby');
  });

  it('on a refusal for the day’s most, reads the day again and says why', async () => {
    const user = userEvent.setup({ delay: null });
    // Another phone recorded the fourth meanwhile: this screen still shows three.
    let reads = 0;
    const { fetchMock } = api(3, {
      'GET /api/checklist': () => {
        reads += 1;
        return json(200, { data: [checklistOf(dueDoses(), [asNeeded(reads === 1 ? 3 : 4)])] });
      },
      'POST /api/checklist/as-needed': () =>
        json(409, {
          error: { code: 'as_needed_limit', message: 'ยานี้ทานได้ไม่เกินวันละ 4 ครั้ง วันนี้บันทึกครบแล้ว' },
        }),
    });
    renderWithProviders(<TodoPage />, { route: '/todo' });
    await user.click(await screen.findByRole('button', { name: 'บันทึกว่าทานแล้ว (Paracetamol 500 mg)' }));
    expect(await screen.findByText('บันทึกไม่ได้ ยานี้ทานได้ไม่เกินวันละ 4 ครั้ง และวันนี้บันทึกครบแล้ว')).toBeInTheDocument();
    const card = screen.getAllByRole('article', { name: 'Paracetamol 500 mg' })[0];
    await waitFor(() => expect(card).toHaveTextContent('วันนี้ทานแล้ว 4 จาก 4 ครั้ง'));
    expect(screen.getByRole('button', { name: 'บันทึกว่าทานแล้ว (Paracetamol 500 mg)' })).toBeDisabled();
    expect(calls(fetchMock, 'GET', '/api/checklist').length).toBeGreaterThanOrEqual(2);
  });

  it('removes a taking recorded by mistake, after asking', async () => {
    const user = userEvent.setup({ delay: null });
    const { fetchMock } = api(1, {
      [`DELETE /api/checklist/as-needed/${take(0).id}`]: () =>
        json(200, { data: [checklistOf(dueDoses(), [asNeeded(0)])] }),
    });
    renderWithProviders(<TodoPage />, { route: '/todo' });
    await user.click(await screen.findByRole('button', { name: 'ลบการบันทึกเวลา 14:05 น. ของ Paracetamol 500 mg' }));
    const dialog = await screen.findByRole('dialog', { name: 'ลบการบันทึกเวลา 14:05 น.?' });
    expect(dialog).toHaveTextContent('ใช้เมื่อกดบันทึกผิด');
    expect(calls(fetchMock, 'DELETE', '/api/checklist/as-needed')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'ลบการบันทึก' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(fetchMock, 'DELETE', `/api/checklist/as-needed/${take(0).id}`)).toHaveLength(1);
    const card = screen.getAllByRole('article', { name: 'Paracetamol 500 mg' })[0];
    await waitFor(() => expect(card).not.toHaveTextContent('14:05'));
  });

  it('says recording needs the internet while offline, and keeps the button from being pressed', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      api();
      renderWithProviders(<TodoPage />, { route: '/todo' });
      expect(await screen.findByRole('button', { name: 'บันทึกว่าทานแล้ว (Paracetamol 500 mg)' })).toBeDisabled();
      expect(screen.getByText(/การบันทึกยาที่ทานเมื่อมีอาการต้องเชื่อมต่ออินเทอร์เน็ต/)).toBeInTheDocument();
    } finally {
      vi.restoreAllMocks();
    }
  });
});
