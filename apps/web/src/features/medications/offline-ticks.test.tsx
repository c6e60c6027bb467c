import { todayInBangkok, type Checklist, type ChecklistDose } from '@klaimor/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { DEVICE_KEYS } from '../../session/device-copy';
import { sendQueuedTicks } from './medications.queries';
import { TodoPage } from './TodoPage';

const today = todayInBangkok();
const metformin = '11111111-1111-4111-8111-111111111111';
const patientId = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

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

interface SentTick {
  date: string;
  medicationId: string;
  doseTime: string;
  taken: boolean;
  takenAt?: string;
}

/** The API as the server answers it, with the network switched off and on. Ticks set a state, as the server's do. */
function server() {
  let doses = [dose({}), dose({ doseTime: 'afterDinner' })];
  const state = { online: true, sent: [] as SentTick[] };
  const checklist = (): Checklist => ({
    date: today,
    doses,
    due: doses.length,
    taken: doses.filter((d) => d.taken).length,
    asNeeded: [],
  });
  const offline = () => Promise.reject(new TypeError('Failed to fetch'));
  mockApi({
    'GET /api/checklist': () => (state.online ? json(200, { data: [checklist()] }) : offline()),
    'PUT /api/checklist/ticks': (init) => {
      if (!state.online) return offline();
      const tick = JSON.parse(init.body as string) as SentTick;
      state.sent.push(tick);
      doses = doses.map((d) =>
        d.medicationId === tick.medicationId && d.doseTime === tick.doseTime
          ? {
              ...d,
              taken: tick.taken,
              takenAt: tick.taken ? (d.takenAt ?? tick.takenAt ?? new Date().toISOString()) : null,
            }
          : d,
      );
      return json(200, { data: [checklist()] });
    },
    'GET /api/adherence': () => (state.online ? json(200, { data: [] }) : offline()),
    'GET /api/medications': () => (state.online ? json(200, { data: [] }) : offline()),
  });
  return state;
}

const queued = () =>
  (JSON.parse(localStorage.getItem(DEVICE_KEYS.ticks) ?? 'null') as { patientId: string; ticks: SentTick[] } | null)
    ?.ticks ?? [];
const breakfastBox = () => screen.getByRole('checkbox', { name: 'Metformin 500 mg · 1 เม็ด' });
/** The row of the after-breakfast dose: its checkbox's list item. */
const breakfastRow = () => breakfastBox().closest('li') as HTMLElement;

describe('ticking a dose without a network', () => {
  beforeEach(() => {
    // 08:05 in Bangkok today: the time the patient ticks.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${today}T08:05:00+07:00`));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps the tick on the device with its time, shows it waiting to send, and sends it when the network is back', async () => {
    const user = userEvent.setup({ delay: null });
    const api = server();
    const { queryClient } = renderWithProviders(<TodoPage />, { route: '/todo' });
    await screen.findByText('ทานแล้ว 0 จาก 2 รายการ');

    api.online = false;
    await user.click(breakfastBox());
    expect(await within(breakfastRow()).findByText('รอส่ง')).toBeInTheDocument();
    expect(breakfastBox()).toBeChecked();
    expect(within(breakfastRow()).getByText('ทานแล้วเมื่อ 08:05 น.')).toBeInTheDocument();
    expect(screen.getByText('ทานแล้ว 1 จาก 2 รายการ')).toBeInTheDocument();
    expect(screen.getByText(/รายการที่ติ๊กไว้บันทึกในเครื่องนี้แล้ว/)).toBeInTheDocument();
    // No error: the tick is not lost, only not sent yet.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(queued()).toEqual([
      {
        id: expect.any(String),
        date: today,
        medicationId: metformin,
        doseTime: 'afterBreakfast',
        taken: true,
        takenAt: new Date(`${today}T08:05:00+07:00`).toISOString(),
      },
    ]);

    // Back online ten minutes later: the tick keeps the time it was taken, not the time it arrives.
    vi.setSystemTime(new Date(`${today}T08:15:00+07:00`));
    api.online = true;
    await act(() => sendQueuedTicks(queryClient));
    expect(api.sent).toEqual([
      {
        date: today,
        medicationId: metformin,
        doseTime: 'afterBreakfast',
        taken: true,
        takenAt: new Date(`${today}T08:05:00+07:00`).toISOString(),
      },
    ]);
    await waitFor(() => expect(within(breakfastRow()).queryByText('รอส่ง')).not.toBeInTheDocument());
    expect(breakfastBox()).toBeChecked();
    expect(within(breakfastRow()).getByText('ทานแล้วเมื่อ 08:05 น.')).toBeInTheDocument();
    expect(queued()).toEqual([]);

    // Sending again finds nothing to send: the tick went once.
    await act(() => sendQueuedTicks(queryClient));
    expect(api.sent).toHaveLength(1);
  });

  it('sends a tick and an untick made offline in the order they were made, so the dose ends unticked', async () => {
    const user = userEvent.setup({ delay: null });
    const api = server();
    const { queryClient } = renderWithProviders(<TodoPage />, { route: '/todo' });
    await screen.findByText('ทานแล้ว 0 จาก 2 รายการ');

    api.online = false;
    await user.click(breakfastBox());
    await waitFor(() => expect(breakfastBox()).toBeChecked());
    await user.click(breakfastBox());
    await waitFor(() => expect(breakfastBox()).not.toBeChecked());
    expect(await within(breakfastRow()).findByText('รอส่ง')).toBeInTheDocument();
    expect(queued().map((t) => [t.taken, t.takenAt !== null])).toEqual([
      [true, true],
      [false, false],
    ]);

    api.online = true;
    await act(() => sendQueuedTicks(queryClient));
    expect(api.sent.map((t) => ({ taken: t.taken, takenAt: t.takenAt }))).toEqual([
      { taken: true, takenAt: new Date(`${today}T08:05:00+07:00`).toISOString() },
      { taken: false, takenAt: undefined },
    ]);
    await waitFor(() => expect(within(breakfastRow()).queryByText('รอส่ง')).not.toBeInTheDocument());
    expect(breakfastBox()).not.toBeChecked();
    expect(screen.getByText('ทานแล้ว 0 จาก 2 รายการ')).toBeInTheDocument();
  });

  it('shows a tick kept from an earlier visit as waiting, on the dose it belongs to, until it is sent', async () => {
    localStorage.setItem(
      DEVICE_KEYS.ticks,
      JSON.stringify({
        patientId,
        ticks: [
          {
            id: 'kept-1',
            date: today,
            medicationId: metformin,
            doseTime: 'afterDinner',
            taken: true,
            takenAt: `${today}T11:40:00.000Z`,
          },
        ],
      }),
    );
    const user = userEvent.setup({ delay: null });
    const api = server();
    const { queryClient } = renderWithProviders(<TodoPage />, { route: '/todo' });
    await user.click(await screen.findByRole('button', { name: /^หลังอาหารเย็น/ }));
    const dinner = (await screen.findByRole('checkbox', { name: /Metformin/, checked: true })).closest(
      'li',
    ) as HTMLElement;
    expect(within(dinner).getByText('รอส่ง')).toBeInTheDocument();
    expect(within(dinner).getByText('ทานแล้วเมื่อ 18:40 น.')).toBeInTheDocument();
    // Only on that dose: the after-breakfast one has nothing queued.
    expect(screen.getAllByText('รอส่ง')).toHaveLength(1);

    await act(() => sendQueuedTicks(queryClient));
    expect(api.sent).toEqual([
      { date: today, medicationId: metformin, doseTime: 'afterDinner', taken: true, takenAt: `${today}T11:40:00.000Z` },
    ]);
    await waitFor(() => expect(screen.queryByText('รอส่ง')).not.toBeInTheDocument());
  });

  it('still counts a tick the server refuses the time of (a phone clock far off): sent again without it', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: SentTick[] = [];
    mockApi({
      'GET /api/checklist': () =>
        json(200, { data: [{ date: today, doses: [dose({})], due: 1, taken: 0, asNeeded: [] }] }),
      'PUT /api/checklist/ticks': (init) => {
        const tick = JSON.parse(init.body as string) as SentTick;
        bodies.push(tick);
        if (tick.takenAt)
          return json(400, {
            error: { code: 'validation_failed', message: 'x', fields: { takenAt: 'taken_at_in_future' } },
          });
        return json(200, {
          data: [
            {
              date: today,
              doses: [dose({ taken: true, takenAt: `${today}T01:06:00.000Z` })],
              due: 1,
              taken: 1,
              asNeeded: [],
            },
          ],
        });
      },
      'GET /api/adherence': () => json(200, { data: [] }),
      'GET /api/medications': () => json(200, { data: [] }),
    });
    renderWithProviders(<TodoPage />, { route: '/todo' });
    await user.click(await screen.findByRole('checkbox', { name: 'Metformin 500 mg · 1 เม็ด' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ date: today, medicationId: metformin, doseTime: 'afterBreakfast', taken: true });
    expect(await screen.findByText('ทานแล้วเมื่อ 08:06 น.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(queued()).toEqual([]);
  });
});
