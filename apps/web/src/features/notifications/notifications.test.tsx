import { DEFAULT_NOTIFICATION_SETTINGS, NotificationKind, type Notification } from '@klaimor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders, testQueryClient } from '../../test/render';
import { userKeys } from '../../session/current-user';
import { careLink, daughter } from '../../test/family-fixtures';
import { forgetSelectedPatient, selectPatient, selectedDependent } from '../../session/selected-patient';
import { TodoPage } from '../medications/TodoPage';
import { NotificationBell } from './NotificationBell';
import { NotificationSettingsPage } from './NotificationSettingsPage';
import { NotificationsPage } from './NotificationsPage';
import { wholeText } from '../../test/whole-text';

const reminder = (patch: Partial<Notification> = {}): Notification => ({
  id: 'n1',
  kind: 'dose',
  title: 'ถึงเวลาทานยาหลังอาหารเช้า',
  body: 'Metformin 500 mg 1 เม็ด',
  sentAt: new Date().toISOString(),
  read: false,
  answerable: true,
  doseDate: '2026-11-25',
  doseTime: 'afterBreakfast',
  appointmentId: null,
  link: '/todo',
  channel: 'in_app',
  callPhone: null,
  ...patch,
});

beforeEach(() => forgetSelectedPatient());
afterEach(() => vi.unstubAllGlobals());

/** The signed-in daughter holds her son's profile (he has no phone); her mother signs in herself. */
const mother = careLink();
const son = careLink({
  id: 'link-son',
  person: {
    id: 'son-id',
    firstname: 'ต้นกล้า',
    lastname: 'ใจดี',
    birthday: '2016-05-05',
    phone: null,
    hasOwnSignIn: false,
    youHold: true,
  },
  relationship: 'parent',
  basis: 'guardian',
  createdAt: '2026-11-02T03:00:00.000Z',
});

/** The query string a call was made with ('' for none). */
const query = (url: string) => (url.includes('?') ? url.slice(url.indexOf('?')) : '');

function signedIn() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(userKeys.me(), daughter);
  return queryClient;
}

describe('NotificationBell', () => {
  it('says how many are unread and leads to the notification centre', async () => {
    mockApi({ 'GET /api/notifications/unread': () => json(200, { data: [{ unread: 3, held: [] }] }) });
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('link', { name: 'การแจ้งเตือน ยังไม่ได้อ่าน 3 รายการ' });
    expect(bell).toHaveAttribute('href', '/notifications');
  });

  it('counts what waits in the centre of a child the patient holds', async () => {
    mockApi({
      'GET /api/notifications/unread': () =>
        json(200, { data: [{ unread: 1, held: [{ patientId: 'son-id', unread: 2 }] }] }),
    });
    renderWithProviders(<NotificationBell />);
    expect(await screen.findByRole('link', { name: 'การแจ้งเตือน ยังไม่ได้อ่าน 3 รายการ' })).toBeInTheDocument();
  });
});

describe("a held child's notifications, for the parent holding the profile", () => {
  it("the centre names the child, and reads, marks and answers the child's notifications", async () => {
    const user = userEvent.setup({ delay: null });
    const calls: string[] = [];
    mockApi({
      'GET /api/family': () => json(200, { data: [mother, son] }),
      'GET /api/notifications/unread': () =>
        json(200, { data: [{ unread: 0, held: [{ patientId: 'son-id', unread: 1 }] }] }),
      'GET /api/notifications': ({ url }) => {
        calls.push(`list ${query(url)}`);
        return json(200, { data: [reminder({ title: 'ถึงเวลาให้ต้นกล้าทานยาหลังอาหารเช้า' })], meta: { unread: 1 } });
      },
      'POST /api/notifications/read': ({ url }) => {
        calls.push(`read ${query(url)}`);
        return new Response(null, { status: 204 });
      },
      'POST /api/notifications/n1/taken': ({ url }) => {
        calls.push(`taken ${query(url)}`);
        return json(200, { data: [reminder({ answerable: false, read: true })] });
      },
    });
    selectPatient('daughter-id', 'son-id');
    renderWithProviders(<NotificationsPage />, { route: '/notifications', queryClient: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'การแจ้งเตือนของต้นกล้า' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ตั้งค่าการแจ้งเตือนของต้นกล้า' })).toHaveAttribute(
      'href',
      '/settings/notifications',
    );
    const [item] = await screen.findAllByRole('listitem');
    await user.click(within(item!).getByRole('button', { name: 'กินแล้ว' }));
    expect(await screen.findByText('บันทึกว่าทานยาแล้ว')).toBeInTheDocument();
    expect(calls).toEqual([
      'list ?patient=son-id',
      'read ?patient=son-id',
      'taken ?patient=son-id',
      'list ?patient=son-id',
    ]);
  });

  it("the settings name the child and keep the child's times; the channel and quiet hours are the parent's own", async () => {
    const user = userEvent.setup({ delay: null });
    let saved: { url: string; body: unknown } | null = null;
    mockApi({
      'GET /api/family': () => json(200, { data: [mother, son] }),
      'GET /api/app-config': () =>
        json(200, { data: [{ devSmsOutbox: true, devPayments: true, notificationChannels: ['in_app', 'sms'] }] }),
      'GET /api/notification-settings': () => json(200, { data: [DEFAULT_NOTIFICATION_SETTINGS] }),
      'PUT /api/notification-settings': ({ url, body }) => {
        saved = { url: query(url), body: JSON.parse(body as string) };
        return json(200, { data: [JSON.parse(body as string)] });
      },
    });
    selectPatient('daughter-id', 'son-id');
    renderWithProviders(<NotificationSettingsPage />, { route: '/settings/notifications', queryClient: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'ตั้งค่าการแจ้งเตือนของต้นกล้า' })).toBeInTheDocument();
    expect(await screen.findByText('เวลาทานยาของต้นกล้า')).toBeInTheDocument();
    expect(screen.getByText(/การแจ้งเตือนของต้นกล้าส่งถึงคุณ/)).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'ช่วงเวลางดเตือน' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ส่งการแจ้งเตือนทดสอบ' })).not.toBeInTheDocument();

    const breakfast = screen.getByLabelText(/หลังอาหารเช้า/);
    await user.clear(breakfast);
    await user.type(breakfast, '07:00');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() =>
      expect(saved).toEqual({
        url: '?patient=son-id',
        body: { ...DEFAULT_NOTIFICATION_SETTINGS, afterBreakfast: '07:00' },
      }),
    );

    // Her own channel and quiet hours are one tap away.
    await user.click(screen.getByRole('button', { name: 'ตั้งค่าการแจ้งเตือนของฉัน' }));
    expect(selectedDependent('daughter-id')).toBeNull();
  });

  it('a tap on a push about the child opens his centre', async () => {
    mockApi({
      'GET /api/family': () => json(200, { data: [mother, son] }),
      'GET /api/notifications': () => json(200, { data: [], meta: { unread: 0 } }),
    });
    renderWithProviders(<NotificationsPage />, { route: '/notifications?patient=son-id', queryClient: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'การแจ้งเตือนของต้นกล้า' })).toBeInTheDocument();
    expect(selectedDependent('daughter-id')).toBe('son-id');
  });

  it("the parent's own centre says what waits in the child's, and goes there", async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/family': () => json(200, { data: [mother, son] }),
      'GET /api/notifications/unread': () =>
        json(200, { data: [{ unread: 0, held: [{ patientId: 'son-id', unread: 2 }] }] }),
      'GET /api/notifications': () => json(200, { data: [], meta: { unread: 0 } }),
    });
    renderWithProviders(<NotificationsPage />, { route: '/notifications', queryClient: signedIn() });
    expect(await screen.findByText('ต้นกล้ามีการแจ้งเตือนที่ยังไม่ได้อ่าน 2 รายการ')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ดูการแจ้งเตือนของต้นกล้า' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'การแจ้งเตือนของต้นกล้า' })).toBeInTheDocument();
  });

  it("the daily checklist leads to the held child's reminder times, and not to those of a dependent who signs in", async () => {
    mockApi({
      'GET /api/family': () => json(200, { data: [mother, son] }),
      'GET /api/checklist': () =>
        json(200, { data: [{ date: '2026-11-25', due: 0, taken: 0, doses: [], asNeeded: [] }] }),
      'GET /api/medications': () => json(200, { data: [] }),
      'GET /api/adherence': () => json(200, { data: [] }),
    });
    selectPatient('daughter-id', 'son-id');
    const view = renderWithProviders(<TodoPage />, { route: '/todo', queryClient: signedIn() });
    expect(await screen.findByRole('link', { name: 'ตั้งเวลาเตือนทานยา' })).toHaveAttribute(
      'href',
      '/settings/notifications',
    );
    view.unmount();
    selectPatient('daughter-id', 'mother-id');
    renderWithProviders(<TodoPage />, { route: '/todo', queryClient: signedIn() });
    expect(await screen.findByText('ยังไม่มีรายการยา')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'ตั้งเวลาเตือนทานยา' })).not.toBeInTheDocument();
  });

  it('a dependent who signs in hears her own: while she is chosen, the caregiver’s bell still opens the caregiver’s own centre', async () => {
    const fetched = mockApi({
      'GET /api/family': () => json(200, { data: [mother, son] }),
      'GET /api/notifications': () => json(200, { data: [], meta: { unread: 0 } }),
      'GET /api/notifications/unread': () => json(200, { data: [{ unread: 0, held: [] }] }),
    });
    selectPatient('daughter-id', 'mother-id');
    renderWithProviders(<NotificationsPage />, { route: '/notifications', queryClient: signedIn() });
    expect(
      await screen.findByText(wholeText('สมศรีเข้าใช้แอปด้วยเบอร์ของตัวเอง การแจ้งเตือนของสมศรีจึงส่งถึงสมศรีเอง ด้านล่างเป็นของคุณ')),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'การแจ้งเตือน' })).toBeInTheDocument();
    const urls = fetched.mock.calls.map(([url]) => String(url));
    expect(urls).toContainEqual(expect.stringMatching(/\/api\/notifications$/));
    expect(urls).not.toContainEqual(expect.stringContaining('patient=mother-id'));
  });
});

describe('NotificationsPage', () => {
  it('lists notifications, marks them read on opening, and answers a medication reminder', async () => {
    const user = userEvent.setup({ delay: null });
    const calls: string[] = [];
    mockApi({
      'GET /api/notifications': () =>
        json(200, {
          data: [
            reminder(),
            reminder({
              id: 'n2',
              kind: 'test',
              title: 'ทดสอบการแจ้งเตือน',
              body: 'ถึงคุณแล้ว',
              read: true,
              answerable: false,
            }),
          ],
          meta: { unread: 1 },
        }),
      'POST /api/notifications/read': () => {
        calls.push('read');
        return new Response(null, { status: 204 });
      },
      'POST /api/notifications/n1/taken': () => {
        calls.push('taken');
        return json(200, { data: [reminder({ answerable: false, read: true })] });
      },
    });
    renderWithProviders(<NotificationsPage />, { route: '/notifications' });
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]!).getByRole('heading', { name: 'ถึงเวลาทานยาหลังอาหารเช้า' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('ใหม่')).toBeInTheDocument();
    expect(within(items[0]!).getByText(/^วันนี้ \d\d:\d\d น\.$/)).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();
    await waitFor(() => expect(calls).toContain('read'));

    expect(within(items[0]!).getByRole('button', { name: 'เตือนอีกครั้งใน 15 นาที' })).toBeEnabled();
    await user.click(within(items[0]!).getByRole('button', { name: 'กินแล้ว' }));
    expect(await screen.findByText('บันทึกว่าทานยาแล้ว')).toBeInTheDocument();
    expect(calls).toContain('taken');
  });
});

describe('NotificationSettingsPage', () => {
  it('saves the times of day and quiet hours, and sends a test', async () => {
    const user = userEvent.setup({ delay: null });
    let saved: unknown = null;
    mockApi({
      'GET /api/app-config': () =>
        json(200, { data: [{ devSmsOutbox: true, devPayments: true, notificationChannels: ['in_app'] }] }),
      'GET /api/notification-settings': () => json(200, { data: [DEFAULT_NOTIFICATION_SETTINGS] }),
      'PUT /api/notification-settings': (init) => {
        saved = JSON.parse(init.body as string);
        return json(200, { data: [saved] });
      },
      'POST /api/notifications/test': () => json(201, { data: [reminder({ kind: 'test', answerable: false })] }),
    });
    renderWithProviders(<NotificationSettingsPage />, { route: '/settings/notifications' });
    const breakfast = await screen.findByLabelText(/หลังอาหารเช้า/);
    await user.clear(breakfast);
    await user.type(breakfast, '07:15');
    await user.click(screen.getByRole('switch', { name: 'ช่วงเวลางดเตือน' }));
    expect(screen.getByLabelText(/ตั้งแต่/)).toHaveValue('22:00');
    expect(screen.getByText(/แสดงที่กระดิ่งด้านบนของแอป/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() =>
      expect(saved).toEqual({
        ...DEFAULT_NOTIFICATION_SETTINGS,
        afterBreakfast: '07:15',
        quietFrom: '22:00',
        quietUntil: '06:00',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'ส่งการแจ้งเตือนทดสอบ' }));
    expect(await screen.findByText('ส่งการแจ้งเตือนทดสอบแล้ว ดูที่กระดิ่งด้านบน')).toBeInTheDocument();
  });
});

describe('choosing phone notifications (push)', () => {
  const withPush = (permission: NotificationPermission, calls: string[]) => {
    const subscription = { endpoint: 'https://push.example/abc', keys: { p256dh: 'p', auth: 'a' } };
    vi.stubGlobal('PushManager', function PushManager() {});
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: async () => permission });
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        ready: Promise.resolve({
          pushManager: { getSubscription: async () => null, subscribe: async () => ({ toJSON: () => subscription }) },
        }),
      },
    });
    return mockApi({
      'GET /api/app-config': () =>
        json(200, {
          data: [
            {
              devSmsOutbox: true,
              devPayments: true,
              notificationChannels: ['in_app', 'web_push'],
              webPushPublicKey: 'BCdE',
            },
          ],
        }),
      'GET /api/notification-settings': () => json(200, { data: [DEFAULT_NOTIFICATION_SETTINGS] }),
      'POST /api/push-subscriptions': (init) => {
        calls.push(`subscribe ${JSON.parse(init.body as string).endpoint}`);
        return new Response(null, { status: 204 });
      },
      'PUT /api/notification-settings': (init) => {
        calls.push(`settings ${JSON.parse(init.body as string).channel}`);
        return json(200, { data: [JSON.parse(init.body as string)] });
      },
    });
  };
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('subscribes this browser first, then saves the choice', async () => {
    const user = userEvent.setup({ delay: null });
    const calls: string[] = [];
    withPush('granted', calls);
    renderWithProviders(<NotificationSettingsPage />, { route: '/settings/notifications' });
    await user.click(await screen.findByRole('radio', { name: 'แจ้งเตือนบนมือถือ (Push)' }));
    expect(screen.getByText(/ต้องเพิ่มใกล้หมอไว้บนหน้าจอโฮมก่อน \(iOS 16\.4 ขึ้นไป\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(calls).toEqual(['subscribe https://push.example/abc', 'settings web_push']));
  });

  it('says how to allow notifications when the browser refuses, and saves nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const calls: string[] = [];
    withPush('denied', calls);
    renderWithProviders(<NotificationSettingsPage />, { route: '/settings/notifications' });
    await user.click(await screen.findByRole('radio', { name: 'แจ้งเตือนบนมือถือ (Push)' }));
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText(/เบราว์เซอร์ไม่อนุญาตการแจ้งเตือน/)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('choosing LINE', () => {
  const withLine = (linked: boolean) =>
    mockApi({
      'GET /api/app-config': () =>
        json(200, {
          data: [
            {
              devSmsOutbox: true,
              devPayments: true,
              notificationChannels: ['in_app', 'line', 'sms'],
              webPushPublicKey: null,
            },
          ],
        }),
      'GET /api/notification-settings': () => json(200, { data: [DEFAULT_NOTIFICATION_SETTINGS] }),
      'GET /api/line': () =>
        json(200, {
          data: [{ linked, friend: linked ? false : null, addFriendUrl: 'https://line.me/R/ti/p/@klaimor' }],
        }),
    });

  it('offers to link LINE first, and LINE cannot be chosen until then', async () => {
    withLine(false);
    renderWithProviders(<NotificationSettingsPage />, { route: '/settings/notifications' });
    expect(await screen.findByRole('link', { name: 'เชื่อมต่อบัญชี LINE' })).toHaveAttribute('href', '/api/line/link');
    expect(screen.getByRole('radio', { name: 'LINE' })).toBeDisabled();
  });

  it('says the link worked on coming back, and asks to add the Official Account when it was not added', async () => {
    withLine(true);
    renderWithProviders(<NotificationSettingsPage />, { route: '/settings/notifications?line=linked' });
    expect(await screen.findByText('เชื่อมต่อ LINE แล้ว')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'LINE' })).toBeEnabled());
    expect(screen.getByRole('link', { name: 'เพิ่มเพื่อนใน LINE' })).toHaveAttribute(
      'href',
      'https://line.me/R/ti/p/@klaimor',
    );
  });
});

describe('a missed-dose alert', () => {
  it("offers a call to the dependent's phone when the alert carries one", async () => {
    mockApi({
      'GET /api/notifications': () =>
        json(200, {
          data: [
            reminder({
              id: 'm1',
              kind: 'missed_dose',
              title: 'แม่ยังไม่ได้ทานยาหลังอาหารเช้า',
              answerable: false,
              read: true,
              callPhone: '0812345678',
            }),
            reminder({
              id: 'm2',
              kind: 'missed_dose',
              title: 'ลูกยังไม่ได้ทานยาก่อนนอน',
              answerable: false,
              read: true,
              callPhone: null,
            }),
          ],
          meta: { unread: 0 },
        }),
    });
    renderWithProviders(<NotificationsPage />, { route: '/notifications' });
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]!).getByRole('link', { name: 'โทรหา 081-234-5678' })).toHaveAttribute(
      'href',
      'tel:0812345678',
    );
    expect(within(items[1]!).queryByRole('link', { name: /โทรหา/ })).not.toBeInTheDocument();
  });
});

describe('every notification leads to the screen it speaks of', () => {
  /** Where the app shows it went. */
  function Landed() {
    const { pathname, search } = useLocation();
    return <p>{`landed ${pathname}${search}`}</p>;
  }

  const opens: Record<NotificationKind, string> = {
    dose: 'ดูยาที่ต้องทานวันนี้',
    appointment_tomorrow: 'ดูนัดหมาย',
    appointment_soon: 'ดูนัดหมาย',
    appointment_cancelled: 'ดูนัดและเลือกเวลาอื่น',
    appointment_moved: 'ดูนัดหมาย',
    appointment_completed: 'ดูผลการตรวจ',
    record_corrected: 'ดูผลการตรวจ',
    refund: 'ดูนัดหมาย',
    booking_confirmed: 'ดูนัดหมาย',
    deposit_receipt: 'ดูใบเสร็จ',
    missed_dose: 'ดูยาของผู้ที่คุณดูแล',
    test: 'ไปที่ตั้งค่าการแจ้งเตือน',
    result_released: 'ดูผลตรวจ',
    message_reply: 'อ่านข้อความ',
    refill: 'ดูคำขอรับยาต่อ',
    reading_reminder: 'บันทึกค่าที่วัด',
  };

  it('gives each kind its way to the screen in its link, and a tap opens it', async () => {
    const user = userEvent.setup({ delay: null });
    const every = NotificationKind.options.map((kind, i) =>
      reminder({ id: `n${i}`, kind, answerable: false, title: `t-${kind}`, link: `/screen-of/${kind}?id=${i}` }),
    );
    mockApi({
      'GET /api/notifications': () => json(200, { data: every, meta: { unread: 0 } }),
      'GET /api/notifications/unread': () => json(200, { data: [{ unread: 0, held: [] }] }),
    });
    renderWithProviders(
      <Routes>
        <Route path="/notifications" element={<NotificationsPage />} />
        <Route path="/screen-of/*" element={<Landed />} />
      </Routes>,
      { route: '/notifications', queryClient: signedIn() },
    );
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(every.length);
    every.forEach((n, i) => {
      expect(within(cards[i]).getByRole('link', { name: opens[n.kind] })).toHaveAttribute('href', n.link);
    });
    const cancelled = cards[every.findIndex((n) => n.kind === 'appointment_cancelled')];
    await user.click(within(cancelled).getByRole('link', { name: 'ดูนัดและเลือกเวลาอื่น' }));
    const index = NotificationKind.options.indexOf('appointment_cancelled');
    expect(await screen.findByText(`landed /screen-of/appointment_cancelled?id=${index}`)).toBeInTheDocument();
  });

  it("chooses the person a caregiver's alert is about when its link names them", async () => {
    mockApi({
      'GET /api/family': () => json(200, { data: [mother, son] }),
      'GET /api/checklist': () => json(403, { error: { code: 'care_forbidden', message: 'x' } }),
    });
    renderWithProviders(
      <Routes>
        <Route path="/todo" element={<TodoPage />} />
      </Routes>,
      { route: '/todo?patient=son-id', queryClient: signedIn() },
    );
    await waitFor(() => expect(selectedDependent('daughter-id')).toBe('son-id'));
  });
});
