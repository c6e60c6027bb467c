import {
  addDays,
  todayInBangkok,
  type Adherence,
  type Checklist,
  type Medication,
  type NearHomePharmacy,
  type Refill,
} from '@klaimor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userKeys } from '../../session/current-user';
import { forgetSelectedPatient } from '../../session/selected-patient';
import { daughter } from '../../test/family-fixtures';
import { json, mockApi, renderWithProviders, testQueryClient } from '../../test/render';
import { wholeText } from '../../test/whole-text';
import { TodoPage } from '../medications/TodoPage';
import { RefillRequestPage, RefillsPage } from './refills-pages';

const today = todayInBangkok();
const simvastatinId = '44444444-4444-4444-8444-444444444444';
const metforminId = '55555555-5555-4555-8555-555555555555';
const siriraj = { id: 'siriraj-hospital', nameTh: 'โรงพยาบาลศิริราช', nameEn: 'Siriraj Hospital' };

/** 3 ธ.ค. 2569: a day as the Thai calendar writes it, short, in the Buddhist Era. */
const thaiDay = (iso: string) =>
  new Intl.DateTimeFormat('th-TH', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T12:00:00Z`),
  );

const medication = (patch: Partial<Medication>): Medication => ({
  id: simvastatinId,
  name: 'Simvastatin',
  atcCode: 'C10AA01',
  strength: '20 mg',
  form: 'tablet',
  doses: { afterBreakfast: 0, afterLunch: 0, afterDinner: 0, beforeBed: 1 },
  customDose: null,
  mealTiming: 'after',
  intervalDose: null,
  asNeeded: null,
  startDate: '2026-09-01',
  endDate: null,
  instructions: null,
  stock: 4,
  status: 'active',
  stoppedAt: null,
  dailyUnits: 1,
  daysOfStockLeft: 4,
  runningLow: true,
  prescribedBy: { appointmentId: 'visit-1', hospital: siriraj },
  version: 1,
  longTerm: true,
  refillOffered: true,
  replaces: null,
  correction: null,
  createdAt: '2026-09-01T00:00:00Z',
  updatedAt: '2026-09-01T00:00:00Z',
  ...patch,
});

const simvastatin = medication({});
const metformin = medication({
  id: metforminId,
  name: 'Metformin',
  strength: '500 mg',
  stock: 120,
  daysOfStockLeft: 60,
  runningLow: false,
  refillOffered: false,
});

const refill = (patch: Partial<Refill>): Refill => ({
  id: 'r1',
  status: 'requested',
  delivery: 'hospital_pharmacy',
  medication: { id: simvastatinId, name: 'Simvastatin', strength: '20 mg', form: 'tablet' },
  facility: siriraj,
  pharmacy: null,
  note: null,
  requestedAt: '2026-11-20T02:00:00.000Z',
  decidedAt: null,
  declineReason: null,
  approvedDays: null,
  suppliedUntil: null,
  readyAt: null,
  pickupQueueNumber: null,
  sentAt: null,
  carrier: null,
  carrierName: null,
  trackingNumber: null,
  shipTo: null,
  ...patch,
});

const pharmacy = (patch: Partial<NearHomePharmacy>): NearHomePharmacy => ({
  id: 'demo-near-home-pharmacy',
  nameTh: 'ร้านยาใกล้บ้าน (เดโม)',
  nameEn: 'Near-home pharmacy (demo)',
  address: 'ถนนอรุณอมรินทร์',
  district: 'บางกอกน้อย',
  province: 'กรุงเทพมหานคร',
  openingHours: '24/7',
  distanceM: null,
  ...patch,
});

/** The patient is known from the start, as in the app once signed in: the screens are drawn for her at once. */
function signedIn() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(userKeys.me(), daughter);
  return queryClient;
}

const renderRoutes = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/refills" element={<RefillsPage />} />
      <Route path="/refills/new" element={<RefillRequestPage />} />
    </Routes>,
    { route, queryClient: signedIn() },
  );

/** The signed-in patient (with her registered address), her medicines and her requests; more handlers on top. */
function api(
  { medications = [simvastatin, metformin], refills = [] }: { medications?: Medication[]; refills?: Refill[] } = {},
  extra: Parameters<typeof mockApi>[0] = {},
) {
  return mockApi({
    'GET /api/users/me': () => json(200, { data: [daughter] }),
    'GET /api/family': () => json(200, { data: [] }),
    'GET /api/medications': () => json(200, { data: medications }),
    'GET /api/refills': () => json(200, { data: refills }),
    ...extra,
  });
}

/** The body of the one POST /api/refills sent, or undefined when none was. */
function sentBody(fetchMock: ReturnType<typeof mockApi>) {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => init?.method === 'POST' && String(url).endsWith('/api/refills'),
  );
  return call ? (JSON.parse((call[1] as RequestInit).body as string) as Record<string, unknown>) : undefined;
}

describe('repeat prescriptions', () => {
  beforeEach(() => forgetSelectedPatient());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  describe('on the medicines page', () => {
    const checklist: Checklist = { date: today, doses: [], due: 0, taken: 0, asNeeded: [] };
    const adherence: Adherence[] = [7, 30].map((days) => ({
      days,
      from: addDays(today, 1 - days),
      to: today,
      due: 0,
      taken: 0,
      rate: null,
      daily: [],
    }));
    const medicinesPage = (refills: Refill[]) =>
      api(
        { refills },
        {
          'GET /api/checklist': () => json(200, { data: [checklist] }),
          'GET /api/adherence': () => json(200, { data: adherence }),
        },
      );

    it('offers "ขอรับยาต่อ" only on a medicine offered for a refill, saying until when it lasts', async () => {
      medicinesPage([]);
      renderWithProviders(<TodoPage />, { route: '/todo', queryClient: signedIn() });
      const ask = await screen.findByRole('link', { name: 'ขอรับยาต่อ Simvastatin 20 mg' });
      expect(ask).toHaveAttribute('href', `/refills/new?medication=${simvastatinId}`);
      const card = screen.getByRole('article', { name: 'Simvastatin 20 mg' });
      expect(card).toHaveTextContent(`ยาที่มีอยู่พอใช้ถึง ${thaiDay(addDays(today, 3))} ขอรับยาต่อจากโรงพยาบาลได้แล้ว`);
      const other = screen.getByRole('article', { name: 'Metformin 500 mg' });
      expect(within(other).queryByRole('link', { name: /ขอรับยาต่อ/ })).not.toBeInTheDocument();
      expect(screen.getAllByRole('link', { name: /ขอรับยาต่อ/ })).toHaveLength(1);
      // No request yet: nothing to follow.
      expect(screen.queryByRole('link', { name: 'คำขอรับยาต่อ' })).not.toBeInTheDocument();
    });

    it('leads to the requests once there is one', async () => {
      medicinesPage([refill({})]);
      renderWithProviders(<TodoPage />, { route: '/todo', queryClient: signedIn() });
      expect(await screen.findByRole('link', { name: 'คำขอรับยาต่อ' })).toHaveAttribute('href', '/refills');
    });
  });

  describe('asking for more', () => {
    const created = (body: Record<string, unknown>) =>
      json(201, { data: [refill({ delivery: body.delivery as Refill['delivery'] })] });

    it('shows the medicine and its hospital, and sends a request by post to the registered address', async () => {
      const user = userEvent.setup();
      const fetchMock = api({}, { 'POST /api/refills': (init) => created(JSON.parse(init.body as string)) });
      renderRoutes(`/refills/new?medication=${simvastatinId}`);
      expect(await screen.findByRole('heading', { level: 2, name: 'Simvastatin 20 mg' })).toBeInTheDocument();
      expect(screen.getByText('แพทย์สั่งจากโรงพยาบาลศิริราช')).toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: /ส่งทางไปรษณีย์/ }));
      expect(
        await screen.findByText(wholeText('99/1 ซอยสุขใจ แขวงศิริราช เขตบางกอกน้อย กรุงเทพมหานคร 10700')),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'เปลี่ยนที่อยู่ในข้อมูลส่วนตัว' })).toHaveAttribute('href', '/profile');
      await user.type(screen.getByRole('textbox', { name: 'ข้อความถึงแพทย์' }), 'ช่วงนี้น้ำตาลต่ำตอนเช้า');
      await user.click(screen.getByRole('button', { name: 'ส่งคำขอ' }));
      expect(await screen.findByText('ส่งคำขอแล้ว แพทย์จะพิจารณาและแจ้งผลในแอปนี้')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'คำขอรับยาต่อ' })).toBeInTheDocument();
      expect(sentBody(fetchMock)).toEqual({
        medicationId: simvastatinId,
        delivery: 'post',
        note: 'ช่วงนี้น้ำตาลต่ำตอนเช้า',
      });
    });

    it("sends a pickup at the hospital's pharmacy with nothing else, though a pharmacy was chosen before", async () => {
      const user = userEvent.setup();
      const fetchMock = api(
        {},
        {
          'GET /api/refills/pharmacies': () => json(200, { data: [pharmacy({})] }),
          'POST /api/refills': (init) => created(JSON.parse(init.body as string)),
        },
      );
      renderRoutes(`/refills/new?medication=${simvastatinId}`);
      await user.click(await screen.findByRole('radio', { name: /รับที่ร้านยาใกล้บ้าน/ }));
      await user.click(await screen.findByRole('radio', { name: /ร้านยาใกล้บ้าน \(เดโม\)/ }));
      await user.click(screen.getByRole('radio', { name: /รับที่ห้องยาของโรงพยาบาล/ }));
      expect(screen.queryByRole('radio', { name: /ร้านยาใกล้บ้าน \(เดโม\)/ })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'ส่งคำขอ' }));
      await screen.findByRole('heading', { level: 1, name: 'คำขอรับยาต่อ' });
      expect(sentBody(fetchMock)).toEqual({ medicationId: simvastatinId, delivery: 'hospital_pharmacy' });
    });

    it('asks which way first, and which nearby pharmacy, before sending anything', async () => {
      const user = userEvent.setup();
      const fetchMock = api(
        {},
        {
          'GET /api/refills/pharmacies': () => json(200, { data: [pharmacy({})] }),
          'POST /api/refills': (init) => created(JSON.parse(init.body as string)),
        },
      );
      renderRoutes(`/refills/new?medication=${simvastatinId}`);
      await user.click(await screen.findByRole('button', { name: 'ส่งคำขอ' }));
      expect(await screen.findByText('กรุณาเลือกวิธีรับยา')).toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: /รับที่ร้านยาใกล้บ้าน/ }));
      expect(await screen.findByRole('radio', { name: /ร้านยาใกล้บ้าน \(เดโม\)/ })).not.toBeChecked();
      await user.click(screen.getByRole('button', { name: 'ส่งคำขอ' }));
      expect(await screen.findByText('กรุณาเลือกร้านยา')).toBeInTheDocument();
      expect(sentBody(fetchMock)).toBeUndefined();
    });

    it('sorts the pharmacies nearest first from the browser position, and sends the one chosen', async () => {
      const user = userEvent.setup();
      const asked: string[] = [];
      const getCurrentPosition = vi.fn((found: PositionCallback) =>
        found({ coords: { latitude: 13.75912, longitude: 100.48003 } } as GeolocationPosition),
      );
      Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
      const fetchMock = api(
        {},
        {
          'GET /api/refills/pharmacies': (init) => {
            asked.push(init.url);
            const near = init.url.includes('lat=');
            return json(200, {
              data: [
                pharmacy({ id: 'far', nameTh: 'ร้านยาไกล', nameEn: 'Far pharmacy', distanceM: near ? 12_300 : null }),
                pharmacy({ distanceM: near ? 850 : null }),
              ].sort((a, b) => (near ? (a.distanceM ?? 0) - (b.distanceM ?? 0) : 0)),
            });
          },
          'POST /api/refills': (init) => created(JSON.parse(init.body as string)),
        },
      );
      renderRoutes(`/refills/new?medication=${simvastatinId}`);
      await user.click(await screen.findByRole('radio', { name: /รับที่ร้านยาใกล้บ้าน/ }));
      expect(await screen.findByText('เรียงตามชื่อร้าน กด “ใช้ตำแหน่งของฉัน” เพื่อดูร้านที่ใกล้ที่สุดก่อน')).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'ใช้ตำแหน่งของฉัน' }));
      expect(await screen.findByText('เรียงจากร้านที่ใกล้คุณที่สุด')).toBeInTheDocument();
      const nearest = await screen.findByRole('radio', { name: /ห่างจากคุณ 850 ม\./ });
      expect(nearest).toHaveAccessibleName(/ร้านยาใกล้บ้าน \(เดโม\).*บางกอกน้อย กรุงเทพมหานคร.*เปิด 24 ชั่วโมง/);
      const pharmacyNames = screen
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value'))
        .filter((value) => value === 'far' || value === 'demo-near-home-pharmacy');
      expect(pharmacyNames).toEqual(['demo-near-home-pharmacy', 'far']);
      expect(asked.at(-1)).toContain('lat=13.759&lng=100.48');
      await user.click(nearest);
      await user.click(screen.getByRole('button', { name: 'ส่งคำขอ' }));
      await screen.findByRole('heading', { level: 1, name: 'คำขอรับยาต่อ' });
      expect(sentBody(fetchMock)).toEqual({
        medicationId: simvastatinId,
        delivery: 'near_home_pharmacy',
        pharmacyId: 'demo-near-home-pharmacy',
      });
    });

    it("says the server's refusal in Thai and stays on the form", async () => {
      const user = userEvent.setup();
      api(
        {},
        {
          'POST /api/refills': () =>
            json(409, { error: { code: 'refill_already_requested', message: 'ส่งคำขอรับยานี้ไว้แล้ว' } }),
        },
      );
      renderRoutes(`/refills/new?medication=${simvastatinId}`);
      await user.click(await screen.findByRole('radio', { name: /รับที่ห้องยาของโรงพยาบาล/ }));
      await user.click(screen.getByRole('button', { name: 'ส่งคำขอ' }));
      expect(await screen.findByText('ส่งคำขอรับยานี้ไว้แล้ว รอแพทย์พิจารณา ดูสถานะได้ที่หน้าคำขอรับยาต่อ')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'ขอรับยาต่อ' })).toBeInTheDocument();
    });

    it('says why a medicine cannot be asked for now, and offers none without one', async () => {
      api({ refills: [refill({})], medications: [medication({ refillOffered: false }), metformin] });
      renderRoutes(`/refills/new?medication=${simvastatinId}`);
      expect(await screen.findByText('ส่งคำขอรับยานี้ไว้แล้ว รอแพทย์พิจารณา')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'ส่งคำขอ' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'ดูคำขอรับยาต่อ' })).toHaveAttribute('href', '/refills');
    });
  });

  describe('the requests', () => {
    const decided = { decidedAt: '2026-11-21T03:00:00.000Z', approvedDays: 90, suppliedUntil: '2027-03-02' };
    const requests = [
      refill({ id: 'r-requested' }),
      refill({
        id: 'r-ready',
        status: 'ready',
        ...decided,
        readyAt: '2026-11-22T03:00:00.000Z',
        pickupQueueNumber: 12,
        medication: { id: 'm2', name: 'Amlodipine', strength: '5 mg', form: 'tablet' },
      }),
      refill({
        id: 'r-sent',
        status: 'sent',
        delivery: 'post',
        ...decided,
        sentAt: '2026-11-22T05:00:00.000Z',
        carrier: 'thailand_post',
        trackingNumber: 'EB123456785TH',
        shipTo: {
          name: 'มาลี ใจดี',
          phone: '0891112222',
          address: '99/1 ซอยสุขใจ',
          subdistrict: 'ศิริราช',
          district: 'บางกอกน้อย',
          province: 'กรุงเทพมหานคร',
          postcode: '10700',
        },
        medication: { id: 'm3', name: 'Metformin', strength: '500 mg', form: 'tablet' },
      }),
      refill({
        id: 'r-pharmacy',
        status: 'ready',
        delivery: 'near_home_pharmacy',
        ...decided,
        readyAt: '2026-11-22T03:00:00.000Z',
        pharmacy: { ...pharmacy({}), address: 'ถนนอรุณอมรินทร์' },
        medication: { id: 'm4', name: 'Losartan', strength: '50 mg', form: 'tablet' },
      }),
      refill({
        id: 'r-approved',
        status: 'approved',
        delivery: 'post',
        ...decided,
        medication: { id: 'm5', name: 'Atorvastatin', strength: '40 mg', form: 'tablet' },
      }),
      refill({
        id: 'r-declined',
        status: 'declined',
        decidedAt: '2026-11-21T03:00:00.000Z',
        declineReason: 'ต้องมาตรวจเลือดก่อน',
        medication: { id: 'm6', name: 'Glipizide', strength: '5 mg', form: 'tablet' },
      }),
      refill({
        id: 'r-cancelled',
        status: 'cancelled',
        medication: { id: 'm7', name: 'Aspirin', strength: '81 mg', form: 'tablet' },
      }),
    ];
    const card = (name: string) => screen.getByRole('article', { name });

    it('shows each status in words, the queue number, the tracking number and the reason', async () => {
      const user = userEvent.setup();
      api({ refills: requests });
      renderRoutes('/refills');
      await screen.findByRole('list', { name: 'คำขอรับยาต่อทั้งหมด' });

      const waiting = card('Simvastatin 20 mg');
      expect(waiting).toHaveTextContent('รอแพทย์พิจารณา');
      expect(within(waiting).getByRole('listitem', { current: 'step' })).toHaveTextContent('แพทย์พิจารณา');
      expect(within(waiting).getByRole('button', { name: 'ยกเลิกคำขอ Simvastatin 20 mg' })).toBeInTheDocument();

      const ready = card('Amlodipine 5 mg');
      expect(ready).toHaveTextContent('ยาพร้อมรับแล้ว');
      expect(within(ready).getByText('คิวรับยา').parentElement).toHaveTextContent(
        'คิวรับยา12แจ้งหมายเลขนี้และแสดงบัตรประชาชนที่ห้องยา โรงพยาบาลศิริราช',
      );
      expect(ready).toHaveTextContent(`แพทย์ให้ยา 90 วัน · ยาพอใช้ถึง ${thaiDay('2027-03-02')}`);
      expect(within(ready).queryByRole('button', { name: /ยกเลิกคำขอ/ })).not.toBeInTheDocument();

      const posted = card('Metformin 500 mg');
      expect(posted).toHaveTextContent('ส่งยาแล้ว');
      expect(posted).toHaveTextContent('EB123456785TH');
      expect(posted).toHaveTextContent('ส่งโดย ไปรษณีย์ไทย');
      expect(posted).toHaveTextContent('99/1 ซอยสุขใจ แขวงศิริราช เขตบางกอกน้อย กรุงเทพมหานคร 10700');
      const track = within(posted).getByRole('link', { name: /ติดตามพัสดุที่เว็บไซต์ไปรษณีย์ไทย/ });
      expect(track).toHaveAttribute('href', 'https://track.thailandpost.co.th/?trackNumber=EB123456785TH');
      expect(track).toHaveAttribute('target', '_blank');
      await user.click(within(posted).getByRole('button', { name: 'คัดลอกเลขพัสดุ' }));
      expect(await navigator.clipboard.readText()).toBe('EB123456785TH');
      expect(within(posted).getByRole('status')).toHaveTextContent('คัดลอกเลขพัสดุแล้ว');

      const atPharmacy = card('Losartan 50 mg');
      expect(atPharmacy).toHaveTextContent('ยาพร้อมรับที่ ร้านยาใกล้บ้าน (เดโม) แสดงบัตรประชาชนที่ร้านเพื่อรับยา');
      expect(atPharmacy).toHaveTextContent('ถนนอรุณอมรินทร์');

      const approved = card('Atorvastatin 40 mg');
      expect(approved).toHaveTextContent('แพทย์อนุมัติแล้ว กำลังจัดยา');
      expect(within(approved).getByRole('listitem', { current: 'step' })).toHaveTextContent('ส่งยาทางไปรษณีย์');
      const declined = card('Glipizide 5 mg');
      expect(declined).toHaveTextContent('แพทย์ยังไม่อนุมัติ');
      expect(declined).toHaveTextContent('เหตุผลจากแพทย์: ต้องมาตรวจเลือดก่อน');
      expect(card('Aspirin 81 mg')).toHaveTextContent('ยกเลิกคำขอแล้ว');
      expect(screen.getAllByRole('button', { name: /^ยกเลิกคำขอ/ })).toHaveLength(1);
    });

    it('withdraws a waiting request once confirmed', async () => {
      const user = userEvent.setup();
      let cancelled = false;
      api(
        { refills: [refill({})] },
        {
          'GET /api/refills': () => json(200, { data: [refill({ status: cancelled ? 'cancelled' : 'requested' })] }),
          'POST /api/refills/r1/cancel': () => {
            cancelled = true;
            return json(200, { data: [refill({ status: 'cancelled' })] });
          },
        },
      );
      renderRoutes('/refills');
      await user.click(await screen.findByRole('button', { name: 'ยกเลิกคำขอ Simvastatin 20 mg' }));
      const dialog = await screen.findByRole('dialog', { name: 'ยกเลิกคำขอรับยา Simvastatin 20 mg?' });
      await user.click(within(dialog).getByRole('button', { name: 'ยืนยันการยกเลิก' }));
      await waitFor(() => expect(card('Simvastatin 20 mg')).toHaveTextContent('ยกเลิกคำขอแล้ว'));
      expect(cancelled).toBe(true);
      expect(screen.queryByRole('button', { name: /ยกเลิกคำขอ Simvastatin/ })).not.toBeInTheDocument();
    });

    it('says so in the dialog when the doctor decided meanwhile', async () => {
      const user = userEvent.setup();
      api(
        { refills: [refill({})] },
        {
          'POST /api/refills/r1/cancel': () =>
            json(409, { error: { code: 'refill_moved_on', message: 'คำขอนี้มีการดำเนินการไปแล้ว' } }),
        },
      );
      renderRoutes('/refills');
      await user.click(await screen.findByRole('button', { name: 'ยกเลิกคำขอ Simvastatin 20 mg' }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'ยืนยันการยกเลิก' }));
      expect(
        await within(dialog).findByText('แพทย์พิจารณาคำขอนี้ไปแล้ว จึงยกเลิกไม่ได้ ดูสถานะล่าสุดในรายการ'),
      ).toBeInTheDocument();
    });

    it('explains when a refill is offered while there is none', async () => {
      api({ refills: [], medications: [metformin] });
      renderRoutes('/refills');
      expect(await screen.findByText('ยังไม่มีคำขอรับยาต่อ')).toBeInTheDocument();
      expect(screen.getByText(/เมื่อยาเหลือพอใช้ไม่เกิน 10 วัน หรือหมดไปไม่เกิน 90 วัน/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'ไปที่รายการยา' })).toHaveAttribute('href', '/todo');
      expect(screen.queryByRole('heading', { name: 'ขอรับยาต่อได้ตอนนี้' })).not.toBeInTheDocument();
    });
  });
});
