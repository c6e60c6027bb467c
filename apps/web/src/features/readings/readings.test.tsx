import { flagOf, labTest, todayInBangkok, type HomeReading, type LabResult } from '@klaimor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userKeys } from '../../session/current-user';
import { forgetSelectedPatient, selectPatient } from '../../session/selected-patient';
import { careLink, daughter } from '../../test/family-fixtures';
import { json, mockApi, renderWithProviders, testQueryClient } from '../../test/render';
import '../../i18n/care/care.texts';
import { ReadingEntryPage } from './ReadingEntryPage';
import { ReadingsPage } from './ReadingsPage';

const siriraj = { id: 'siriraj-hospital', nameTh: 'โรงพยาบาลศิริราช', nameEn: 'Siriraj Hospital' };
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const dayAgo = (n: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(daysAgo(n));

function reading(id: string, patch: Partial<HomeReading>): HomeReading {
  return {
    id,
    kind: 'blood_pressure',
    takenAt: '2026-11-27T00:10:00.000Z',
    systolic: 128,
    diastolic: 82,
    pulse: 76,
    glucose: null,
    timing: null,
    weightKg: null,
    flag: 'normal',
    alerts: [],
    enteredBy: null,
    createdAt: '2026-11-27T00:11:00.000Z',
    ...patch,
  };
}

function result(code: string, value: number, takenOn: string): LabResult {
  const test = labTest(code)!;
  return {
    id: `${code}-${takenOn}`,
    code,
    value,
    unit: test.ucum,
    low: test.low,
    high: test.high,
    flag: flagOf(value, test.low, test.high),
    takenOn,
    appointmentId: 'a1',
    facility: siriraj,
    releasedAt: `${takenOn}T05:00:00.000Z`,
    recordedAt: `${takenOn}T04:00:00.000Z`,
  };
}

const high = reading('r2', {
  takenAt: '2026-11-28T00:10:00.000Z',
  systolic: 150,
  diastolic: 95,
  flag: 'high',
});
const crisis = reading('r3', {
  takenAt: '2026-11-28T12:30:00.000Z',
  systolic: 186,
  diastolic: 112,
  pulse: null,
  flag: 'high',
  alerts: ['bp_crisis'],
});
const low = reading('g1', {
  kind: 'glucose',
  takenAt: '2026-11-28T23:40:00.000Z',
  systolic: null,
  diastolic: null,
  pulse: null,
  glucose: 62,
  timing: 'fasting',
  flag: 'low',
  alerts: ['glucose_low'],
});
const readings = [reading('r1', {}), high, crisis, low];
const hospital = [
  { code: '8480-6', results: [result('8480-6', 142, dayAgo(20))] },
  { code: '8462-4', results: [result('8462-4', 88, dayAgo(20))] },
];

describe('ReadingsPage', () => {
  beforeEach(() => forgetSelectedPatient());
  afterEach(() => vi.unstubAllGlobals());

  it('charts each kind beside the hospital, and lists the latest with the time in BE, the flag in words and the alert', async () => {
    mockApi({
      'GET /api/readings': () => json(200, { data: readings }),
      'GET /api/results': () => json(200, { data: hospital }),
      'GET /api/readings/reminders': () =>
        json(200, { data: [{ bloodPressure: '07:00', glucose: null, weight: null }] }),
    });
    renderWithProviders(<ReadingsPage />, { route: '/readings' });
    const bp = await screen.findByRole('region', { name: 'ความดันโลหิต' });
    // The chart's table: home and hospital, each named in words.
    const table = within(bp).getByRole('table', { name: 'ความดันโลหิต ทุกครั้งที่วัด เก่าไปใหม่' });
    expect(within(table).getAllByRole('cell', { name: 'วัดที่โรงพยาบาล' })).toHaveLength(1);
    expect(within(table).getByRole('row', { name: /142\/88 มม.ปรอท/ })).toHaveTextContent('วัดที่โรงพยาบาล');
    expect(within(table).getAllByRole('cell', { name: 'วัดที่บ้าน' })).toHaveLength(3);

    const items = within(bp).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('p')?.textContent)).toEqual([
      '186/112 มม.ปรอท',
      '150/95 มม.ปรอท',
      '128/82 มม.ปรอท',
    ]);
    expect(items[1]).toHaveTextContent('28 พ.ย. 2569 เวลา 07:10 น.');
    expect(items[1]).toHaveTextContent('สูงกว่าเป้าหมาย');
    expect(items[2]).toHaveTextContent('อยู่ในเกณฑ์');
    expect(items[0]).toHaveTextContent('ความดันสูงมาก (186/112 มม.ปรอท)');
    expect(items[1]).not.toHaveTextContent('ความดันสูงมาก');

    const glucose = screen.getByRole('region', { name: 'น้ำตาลในเลือด' });
    const [g] = within(glucose).getAllByRole('listitem');
    expect(g).toHaveTextContent('62 mg/dL');
    expect(g).toHaveTextContent('29 พ.ย. 2569 เวลา 06:40 น. · อดอาหาร');
    expect(g).toHaveTextContent('ต่ำกว่าเกณฑ์');
    expect(g).toHaveTextContent('น้ำตาลต่ำ (62 mg/dL)');
    expect(screen.queryByRole('region', { name: 'น้ำหนัก' })).not.toBeInTheDocument();
    // The patient keeps their own reminders.
    expect(await screen.findByRole('switch', { name: 'เตือนวัดความดันโลหิต' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'เตือนตรวจน้ำตาลในเลือด' })).not.toBeChecked();
  });

  it("says when the hospital's results could not be loaded, and still charts the home readings", async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    mockApi({
      'GET /api/readings': () => json(200, { data: readings }),
      'GET /api/results': () =>
        fail ? json(500, { error: { code: 'internal_error' } }) : json(200, { data: hospital }),
      'GET /api/readings/reminders': () => json(200, { data: [{ bloodPressure: null, glucose: null, weight: null }] }),
    });
    renderWithProviders(<ReadingsPage />, { route: '/readings' });
    const missing = await screen.findByText(
      'ตอนนี้ดึงผลตรวจจากโรงพยาบาลไม่ได้ กราฟจึงแสดงเฉพาะค่าที่คุณวัดเอง',
      {},
      { timeout: 5000 },
    );
    const bp = screen.getByRole('region', { name: 'ความดันโลหิต' });
    expect(within(bp).queryAllByRole('cell', { name: 'วัดที่โรงพยาบาล' })).toHaveLength(0);
    fail = false;
    await user.click(
      within(missing.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'ลองอีกครั้ง' }),
    );
    await waitFor(() => expect(within(bp).getAllByRole('cell', { name: 'วัดที่โรงพยาบาล' })).toHaveLength(1));
    expect(screen.queryByText('ตอนนี้ดึงผลตรวจจากโรงพยาบาลไม่ได้ กราฟจึงแสดงเฉพาะค่าที่คุณวัดเอง')).not.toBeInTheDocument();
  });

  it('deletes a reading after asking', async () => {
    const user = userEvent.setup({ delay: null });
    let list = readings;
    const fetchMock = mockApi({
      'GET /api/readings': () => json(200, { data: list }),
      'GET /api/results': () => json(200, { data: [] }),
      'GET /api/readings/reminders': () => json(200, { data: [{ bloodPressure: null, glucose: null, weight: null }] }),
      'DELETE /api/readings/r2': () => {
        list = readings.filter((r) => r.id !== 'r2');
        return json(204);
      },
    });
    renderWithProviders(<ReadingsPage />, { route: '/readings' });
    await user.click(await screen.findByRole('button', { name: 'ลบค่าที่วัดเมื่อ 28 พ.ย. 2569 เวลา 07:10 น.' }));
    const dialog = await screen.findByRole('dialog', { name: 'ลบค่าที่วัดเมื่อ 28 พ.ย. 2569 เวลา 07:10 น.?' });
    await user.click(within(dialog).getByRole('button', { name: 'ลบ' }));
    await waitFor(() => expect(screen.queryByText('150/95 มม.ปรอท')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it('hides the reminders from a caregiver who does not hold the profile, and never asks for them', async () => {
    const urls: string[] = [];
    mockApi({
      'GET /api/family': () =>
        json(200, { data: [careLink({ scopes: { see: false, book: false, medicines: true, alerts: false } })] }),
      'GET /api/readings': ({ url }) => {
        urls.push(url);
        return json(200, { data: readings });
      },
      'GET /api/results': ({ url }) => {
        urls.push(url);
        return json(200, { data: hospital });
      },
      'GET /api/readings/reminders': ({ url }) => {
        urls.push(url);
        return json(200, { data: [{ bloodPressure: '07:00', glucose: null, weight: null }] });
      },
    });
    selectPatient('daughter-id', 'mother-id');
    const queryClient = testQueryClient();
    queryClient.setQueryData(userKeys.me(), daughter);
    renderWithProviders(<ReadingsPage />, { route: '/readings', queryClient });
    expect(await screen.findByRole('region', { name: 'ความดันโลหิต' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'เตือนให้วัด' })).not.toBeInTheDocument();
    // A medicines-only grant opens the home readings, not the hospital's results nor the reminders.
    expect(urls).toEqual([expect.stringContaining('/api/readings?patient=mother-id')]);
  });

  it('shows the reminders to the holder of a profile that cannot sign in', async () => {
    mockApi({
      'GET /api/family': () => json(200, { data: [careLink({ person: { youHold: true, hasOwnSignIn: false } })] }),
      'GET /api/readings': () => json(200, { data: [] }),
      'GET /api/results': () => json(200, { data: [] }),
      'GET /api/readings/reminders': () => json(200, { data: [{ bloodPressure: null, glucose: null, weight: null }] }),
    });
    selectPatient('daughter-id', 'mother-id');
    const queryClient = testQueryClient();
    queryClient.setQueryData(userKeys.me(), daughter);
    renderWithProviders(<ReadingsPage />, { route: '/readings', queryClient });
    expect(await screen.findByText('ยังไม่มีค่าที่วัดเอง')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'เตือนให้วัด' })).toBeInTheDocument();
  });
});

describe('ReadingEntryPage', () => {
  beforeEach(() => forgetSelectedPatient());
  afterEach(() => vi.unstubAllGlobals());

  const routes = (
    <Routes>
      <Route path="/readings/new" element={<ReadingEntryPage />} />
      <Route path="/readings" element={<ReadingsPage />} />
    </Routes>
  );
  const posts = (fetchMock: ReturnType<typeof mockApi>) =>
    fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

  it('refuses a number no home device shows before sending, in Thai on the box', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = mockApi({});
    renderWithProviders(routes, { route: '/readings/new' });
    const upper = await screen.findByRole('textbox', { name: 'ตัวบน' });
    expect(upper).toHaveAttribute('inputmode', 'numeric');
    await user.type(upper, '300');
    await user.type(screen.getByRole('textbox', { name: 'ตัวล่าง' }), '95');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText('ต้องอยู่ระหว่าง 60–260')).toBeInTheDocument();
    expect(upper).toHaveAttribute('aria-invalid', 'true');
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("puts the server's field reason on the time box, in Thai", async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = mockApi({
      'POST /api/readings': () =>
        json(400, { error: { code: 'validation_failed', message: 'x', fields: { takenAt: 'taken_at_in_future' } } }),
    });
    renderWithProviders(routes, { route: '/readings/new' });
    await user.type(await screen.findByRole('textbox', { name: 'ตัวบน' }), '150');
    await user.type(screen.getByRole('textbox', { name: 'ตัวล่าง' }), '95');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText('เวลาที่วัดต้องไม่เป็นเวลาในอนาคต')).toBeInTheDocument();
    const body = JSON.parse((posts(fetchMock)[0][1] as RequestInit).body as string) as Record<string, unknown>;
    expect(body).toMatchObject({ kind: 'blood_pressure', systolic: 150, diastolic: 95, pulse: null });
    expect(body.takenAt).toMatch(new RegExp(`^${todayInBangkok()}T\\d\\d:\\d\\d:00\\+07:00$`));
  });

  it('after a low glucose, shows at once what to do, the 1669 button and the nearest emergency department', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = mockApi({ 'POST /api/readings': () => json(201, { data: [low] }) });
    renderWithProviders(routes, { route: '/readings/new' });
    await user.click(await screen.findByRole('radio', { name: 'น้ำตาลในเลือด' }));
    await user.type(screen.getByRole('textbox', { name: 'น้ำตาลในเลือด (mg/dL)' }), '62');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    // Glucose needs its timing.
    expect(await screen.findByText('กรุณาเลือก')).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
    await user.click(screen.getByRole('radio', { name: 'อดอาหาร' }));
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));

    const advice = await screen.findByRole('alert');
    expect(advice).toHaveTextContent('น้ำตาลต่ำ (62 mg/dL)');
    expect(advice).toHaveTextContent('กินหรือดื่มน้ำตาล 15 กรัมทันที');
    expect(advice).toHaveTextContent('รอ 15 นาที แล้ววัดน้ำตาลใหม่');
    expect(within(advice).getByRole('link', { name: 'โทร 1669' })).toHaveAttribute('href', 'tel:1669');
    expect(within(advice).getByRole('button', { name: 'หาห้องฉุกเฉินที่ใกล้ที่สุด' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'กลับไปดูค่าที่วัด' })).toHaveAttribute('href', '/readings');
    const body = JSON.parse((posts(fetchMock)[0][1] as RequestInit).body as string) as Record<string, unknown>;
    expect(body).toMatchObject({ kind: 'glucose', glucose: 62, timing: 'fasting' });
  });

  it('goes back to /readings saying what was saved when nothing raised an alert', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'POST /api/readings': () => json(201, { data: [high] }),
      'GET /api/readings': () => json(200, { data: [high] }),
      'GET /api/results': () => json(200, { data: [] }),
      'GET /api/readings/reminders': () => json(200, { data: [{ bloodPressure: null, glucose: null, weight: null }] }),
    });
    renderWithProviders(routes, { route: '/readings/new' });
    await user.type(await screen.findByRole('textbox', { name: 'ตัวบน' }), '150');
    await user.type(screen.getByRole('textbox', { name: 'ตัวล่าง' }), '95');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ค่าที่วัดเองที่บ้าน' })).toBeInTheDocument();
    expect(screen.getByText('บันทึกแล้ว: ความดันโลหิต 150/95 มม.ปรอท').closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
