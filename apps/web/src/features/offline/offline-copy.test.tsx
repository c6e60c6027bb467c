import {
  todayInBangkok,
  type Checklist,
  type HealthBackground,
  type Medication,
  type UserProfile,
} from '@klaimor/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders, testQueryClient } from '../../test/render';
import { AppShell } from '../../components/AppShell';
import { AppointmentPage } from '../appointments/AppointmentPage';
import { useLogout, userKeys } from '../../session/current-user';
import { RequireAuth } from '../auth/RequireAuth';
import { TodoPage } from '../medications/TodoPage';
import { HealthBackgroundPage } from '../health-background/HealthBackgroundPage';
import { MyHealthPage } from '../myhealth/MyHealthPage';
import { DEVICE_KEYS } from '../../session/device-copy';
import { OFFLINE_COPY_FORMAT, startOfflineCopy } from './offline-copy';

const today = todayInBangkok();

const patient: UserProfile = {
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  email: null,
  firstname: 'สมศรี',
  lastname: 'ใจงาม',
  id_type: 'thai_id',
  thai_id: '1103700012345',
  passport_number: null,
  nationality: null,
  phone: '0812345678',
  gender: 'female',
  birthday: '1962-04-01',
  address: '99/1 ซอยสุขใจ',
  subdistrist: 'ศิริราช',
  subdistrict: 'ศิริราช',
  district: 'บางกอกน้อย',
  province: 'กรุงเทพมหานคร',
  postcode: '10700',
  blood_group: 'O',
  consent: null,
  created_at: '2025-01-01T00:00:00Z',
};

const checklist: Checklist = {
  date: today,
  due: 2,
  taken: 1,
  asNeeded: [],
  doses: (['afterBreakfast', 'afterDinner'] as const).map((doseTime) => ({
    medicationId: '11111111-1111-4111-8111-111111111111',
    name: 'Metformin',
    strength: '500 mg',
    form: 'tablet' as const,
    instructions: null,
    doseTime,
    label: null,
    time: null,
    mealTiming: 'after' as const,
    everyHours: null,
    amount: 1,
    taken: doseTime === 'afterBreakfast',
    takenAt: doseTime === 'afterBreakfast' ? `${today}T01:10:00.000Z` : null,
    stock: 40,
    daysOfStockLeft: 20,
    runningLow: false,
  })),
};

const background: HealthBackground = {
  allergies: [
    {
      id: 'a1',
      substance: 'เพนิซิลลิน',
      category: 'medication',
      reaction: 'ผื่น',
      severity: 'severe',
      recordedBy: { by: 'patient' },
      recordedAt: `${today}T01:00:00.000Z`,
    },
  ],
  conditions: [],
};

const medication: Medication = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Metformin',
  atcCode: null,
  strength: '500 mg',
  form: 'tablet',
  doses: { afterBreakfast: 1, afterLunch: 0, afterDinner: 1, beforeBed: 0 },
  customDose: null,
  mealTiming: 'after',
  intervalDose: null,
  asNeeded: null,
  startDate: '2025-01-01',
  endDate: null,
  instructions: null,
  stock: 40,
  status: 'active',
  stoppedAt: null,
  dailyUnits: 2,
  daysOfStockLeft: 20,
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

const appointment = {
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  reference: 'KM7Q2X',
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
  start: '2099-01-05T02:00:00Z',
  end: '2099-01-05T02:30:00Z',
  clinic: { id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', nameTh: 'ผู้ป่วยนอกทั่วไป', nameEn: 'General outpatients' },
  doctor: 'พญ.สุดา ใจดี',
  symptoms: 'ไอ มีน้ำมูก',
  duration: '3 วัน',
  deposit: {
    amount: 0,
    currency: 'THB',
    promptpayPayload: null,
    qrImageUrl: null,
    promptpayId: null,
    expiresAt: null,
    paidAt: null,
    refundableUntil: null,
    refund: 'none',
  },
  cancellation: null,
  queue: null,
  createdAt: '2025-01-01T00:00:00Z',
};

const notes = Array.from({ length: 12 }, (_, i) => ({
  id: `n${i}`,
  date: `2025-06-${String(20 - i).padStart(2, '0')}`,
  time: null,
  symptoms: `อาการวันที่ ${20 - i}`,
  severity: 3,
  temperatureC: null,
  bloodPressure: null,
  notes: null,
  triage: { redFlags: [], emergency: false },
  createdAt: '2025-06-01T00:00:00Z',
  updatedAt: '2025-06-01T00:00:00Z',
}));

const stored = (key: string) => localStorage.getItem(key);
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('the offline copy', () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("keeps only what the offline screens need, of the signed-in patient's own, and draws the checklist, the medicines and an appointment from it offline", async () => {
    mockApi({
      'GET /api/checklist': () => json(200, { data: [checklist] }),
      'GET /api/medications': () => json(200, { data: [medication] }),
      'GET /api/adherence': () => json(200, { data: [] }),
      'GET /api/appointments': () => json(200, { data: [appointment] }),
      'GET /api/symptom-notes': () => json(200, { data: notes }),
      'GET /api/health-background': () => json(200, { data: [background] }),
      'GET /api/visits': () => json(200, { data: [{ id: 'v1', diagnosis: 'ความดันโลหิตสูง' }] }),
    });
    const online = testQueryClient();
    online.setQueryData(userKeys.me(), patient);
    stops.push(startOfflineCopy(online));
    const get = (url: string) =>
      fetch(url)
        .then((res) => res.json())
        .then((body: { data: unknown }) => body.data);
    const me = patient.id;
    await Promise.all([
      online.fetchQuery({
        queryKey: ['medications', me, 'checklist', today],
        queryFn: async () => ((await get('/api/checklist')) as unknown[])[0],
      }),
      online.fetchQuery({ queryKey: ['medications', me, 'list'], queryFn: () => get('/api/medications') }),
      online.fetchQuery({ queryKey: ['medications', me, 'adherence'], queryFn: () => get('/api/adherence') }),
      online.fetchQuery({ queryKey: ['appointments', me, 'list'], queryFn: () => get('/api/appointments') }),
      online.fetchQuery({ queryKey: ['symptom-notes', me, 'list'], queryFn: () => get('/api/symptom-notes') }),
      online.fetchQuery({
        queryKey: ['health-background', me, 'lists'],
        queryFn: async () => ((await get('/api/health-background')) as unknown[])[0],
      }),
      online.fetchQuery({ queryKey: ['visits', me, 'list'], queryFn: () => get('/api/visits') }),
      // A dependent's medicines, opened by the patient as their caregiver: read online only, never kept on the device.
      online.fetchQuery({
        queryKey: ['medications', 'mother-id', 'list'],
        queryFn: () => [{ ...medication, name: 'ยาของแม่' }],
      }),
    ]);

    await waitFor(() => expect(stored(DEVICE_KEYS.copy)).toContain('appointments'), { timeout: 3000 });
    const copy = JSON.parse(stored(DEVICE_KEYS.copy)!) as {
      clientState: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    };
    expect(copy.clientState.queries.map((q) => q.queryKey).sort()).toEqual(
      [
        ['appointments', me, 'list'],
        ['health-background', me, 'lists'],
        ['medications', me, 'adherence'],
        ['medications', me, 'checklist', today],
        ['medications', me, 'list'],
        ['symptom-notes', me, 'list'],
      ].sort(),
    );
    expect(
      (copy.clientState.queries.find((q) => q.queryKey[0] === 'symptom-notes')!.state.data as unknown[]).length,
    ).toBe(10);
    // The profile stays on the server: only who the copy belongs to and the name My Health greets.
    expect(JSON.parse(stored(DEVICE_KEYS.patient)!)).toEqual({ id: patient.id, firstname: 'สมศรี' });
    const everything = Object.values(DEVICE_KEYS).map(stored).join('');
    for (const secret of [patient.thai_id, patient.phone, patient.address, patient.lastname, 'ความดันโลหิตสูง', 'ยาของแม่'])
      expect(everything).not.toContain(secret);

    // The app opened again without a network.
    vi.unstubAllGlobals();
    const calls = [
      '/api/users/me',
      '/api/checklist',
      '/api/medications',
      '/api/adherence',
      '/api/appointments',
      `/api/appointments/${appointment.id}`,
      '/api/health-background',
    ];
    mockApi(Object.fromEntries(calls.map((path) => [`GET ${path}`, offline])));
    const reopened = testQueryClient();
    stops.push(startOfflineCopy(reopened));
    const routes = (
      <Routes>
        <Route element={<RequireAuth />}>
          <Route path="/todo" element={<TodoPage />} />
          <Route path="/appointments/:id" element={<AppointmentPage />} />
          <Route path="/health-background" element={<HealthBackgroundPage />} />
        </Route>
      </Routes>
    );
    const { unmount } = renderWithProviders(routes, { route: '/todo', queryClient: reopened });
    expect(await screen.findByText('ทานแล้ว 1 จาก 2 รายการ', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Metformin 500 mg · 1 เม็ด' })).not.toBeChecked();
    expect(await screen.findByRole('article', { name: 'Metformin 500 mg' })).toBeInTheDocument();
    unmount();

    // An appointment never opened on this device: as the kept list has it.
    const { unmount: unmount2 } = renderWithProviders(routes, {
      route: `/appointments/${appointment.id}`,
      queryClient: reopened,
    });
    expect(await screen.findByText('KM7Q2X', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('พญ.สุดา ใจดี')).toBeInTheDocument();
    unmount2();

    // The allergies, to show at a pharmacy without signal.
    renderWithProviders(routes, { route: '/health-background', queryClient: reopened });
    expect(await screen.findByText('เพนิซิลลิน', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  /** A copy as the persister keeps it, of today's checklist alone, in the shape `buster` names. */
  function keepCopy(buster: string, day: unknown) {
    localStorage.setItem(DEVICE_KEYS.patient, JSON.stringify({ id: patient.id, firstname: 'สมศรี' }));
    const queryKey = ['medications', patient.id, 'checklist', today];
    localStorage.setItem(
      DEVICE_KEYS.copy,
      JSON.stringify({
        buster,
        timestamp: Date.now(),
        clientState: {
          mutations: [],
          queries: [
            {
              queryKey,
              queryHash: JSON.stringify(queryKey),
              state: {
                data: day,
                dataUpdateCount: 1,
                dataUpdatedAt: Date.now(),
                error: null,
                errorUpdateCount: 0,
                errorUpdatedAt: 0,
                fetchFailureCount: 0,
                fetchFailureReason: null,
                fetchMeta: null,
                isInvalidated: false,
                status: 'success',
                fetchStatus: 'idle',
              },
            },
          ],
        },
      }),
    );
    const calls = ['/api/users/me', '/api/checklist', '/api/medications', '/api/adherence'];
    mockApi(Object.fromEntries(calls.map((path) => [`GET ${path}`, offline])));
    const queryClient = testQueryClient();
    stops.push(startOfflineCopy(queryClient));
    renderWithProviders(
      <Routes>
        <Route element={<RequireAuth />}>
          <Route path="/todo" element={<TodoPage />} />
        </Route>
      </Routes>,
      { route: '/todo', queryClient },
    );
  }

  const paracetamol = {
    medicationId: '33333333-3333-4333-8333-333333333333',
    name: 'Paracetamol',
    strength: '500 mg',
    form: 'tablet' as const,
    instructions: null,
    reason: 'เมื่อมีไข้',
    amount: 1,
    maxPerDay: 4,
    takes: [{ id: '44444444-4444-4444-8444-444444444444', takenAt: `${today}T07:05:00.000Z`, amount: 1 }],
    stock: 9,
  };

  it('draws the as-needed medicines kept with the checklist offline, and says recording one needs the internet', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    keepCopy(OFFLINE_COPY_FORMAT, { ...checklist, asNeeded: [paracetamol] });
    const card = await screen.findByRole('article', { name: 'Paracetamol 500 mg' }, { timeout: 5000 });
    expect(card).toHaveTextContent('วันนี้ทานแล้ว 1 จาก 4 ครั้ง');
    expect(card).toHaveTextContent('ทานเมื่อ 14:05 น. · 1 เม็ด');
    expect(screen.getByRole('button', { name: 'บันทึกว่าทานแล้ว (Paracetamol 500 mg)' })).toBeDisabled();
    expect(screen.getByText(/การบันทึกยาที่ทานเมื่อมีอาการต้องเชื่อมต่ออินเทอร์เน็ต/)).toBeInTheDocument();
    expect(screen.getByText('ทานแล้ว 1 จาก 2 รายการ')).toBeInTheDocument();
  });

  it('drops a copy kept in the shape before as-needed medicines, rather than drawing it with new code', async () => {
    const { asNeeded: _older, ...before } = checklist;
    keepCopy('klaimor-offline-4', before);
    expect(await screen.findByRole('button', { name: 'ลองอีกครั้ง' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('ทานแล้ว 1 จาก 2 รายการ')).not.toBeInTheDocument();
    // Dropped: what is kept from now on is in the new shape, without the old checklist.
    await waitFor(() => expect(stored(DEVICE_KEYS.copy) ?? '').not.toContain('Metformin'));
  });

  it('greets the patient on My Health offline, by the name kept with the copy', async () => {
    localStorage.setItem(DEVICE_KEYS.patient, JSON.stringify({ id: patient.id, firstname: 'สมศรี' }));
    mockApi({ 'GET /api/users/me': offline });
    renderWithProviders(<MyHealthPage />, { route: '/myhealth' });
    expect(
      await screen.findByText(
        (_, el) => el?.tagName === 'P' && el.textContent === 'สวัสดี คุณสมศรี',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });

  it('opens a signed-in page inside the app shell offline, instead of loading for ever', async () => {
    localStorage.setItem(DEVICE_KEYS.patient, JSON.stringify({ id: patient.id, firstname: 'สมศรี' }));
    const me = vi.fn(offline);
    mockApi({ 'GET /api/users/me': me });
    renderWithProviders(
      <Routes>
        <Route element={<AppShell />}>
          <Route element={<RequireAuth />}>
            <Route path="/todo" element={<p>รายการยาจากครั้งล่าสุด</p>} />
          </Route>
        </Route>
      </Routes>,
      { route: '/todo' },
    );
    expect(await screen.findByText('รายการยาจากครั้งล่าสุด', {}, { timeout: 5000 })).toBeInTheDocument();
    // Asked once and once again, not by every screen that mounts after the failure.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(screen.getByText('รายการยาจากครั้งล่าสุด')).toBeInTheDocument();
    expect(me).toHaveBeenCalledTimes(2);
  });

  it('says the page failed offline on a device that keeps no copy', async () => {
    mockApi({ 'GET /api/users/me': offline });
    renderWithProviders(
      <Routes>
        <Route element={<RequireAuth />}>
          <Route path="/todo" element={<p>checklist</p>} />
        </Route>
      </Routes>,
      { route: '/todo' },
    );
    expect(await screen.findByRole('button', { name: 'ลองอีกครั้ง' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('checklist')).not.toBeInTheDocument();
  });

  it('is forgotten when the server says nobody is signed in; a tick not sent yet waits for that patient', () => {
    localStorage.setItem(DEVICE_KEYS.patient, JSON.stringify({ id: patient.id, firstname: 'สมศรี' }));
    localStorage.setItem(DEVICE_KEYS.copy, '{}');
    localStorage.setItem(DEVICE_KEYS.ticks, JSON.stringify({ patientId: patient.id, ticks: [{ id: 't1' }] }));
    const queryClient = testQueryClient();
    stops.push(startOfflineCopy(queryClient));
    queryClient.setQueryData(userKeys.me(), null);
    expect([stored(DEVICE_KEYS.patient), stored(DEVICE_KEYS.copy)]).toEqual([null, null]);
    expect(stored(DEVICE_KEYS.ticks)).not.toBeNull();

    // Another patient signs in on this device: the first one's ticks are never sent for them.
    queryClient.setQueryData(userKeys.me(), {
      ...patient,
      id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
      firstname: 'มานะ',
    });
    expect(stored(DEVICE_KEYS.ticks)).toBeNull();
    expect(JSON.parse(stored(DEVICE_KEYS.patient)!)).toEqual({
      id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
      firstname: 'มานะ',
    });
  });

  it('leaves nothing of the patient on the device after signing out, queued ticks included', async () => {
    const user = userEvent.setup({ delay: null });
    for (const key of Object.values(DEVICE_KEYS)) localStorage.setItem(key, '{"kept":true}');
    mockApi({ 'POST /api/auth/logout': () => new Response(null, { status: 204 }) });
    function SignOut() {
      const logout = useLogout();
      return <button onClick={() => logout.mutate()}>ออกจากระบบ</button>;
    }
    renderWithProviders(<SignOut />);
    await user.click(screen.getByRole('button', { name: 'ออกจากระบบ' }));
    await waitFor(() => expect(Object.values(DEVICE_KEYS).map(stored)).toEqual([null, null, null]));
  });
});
