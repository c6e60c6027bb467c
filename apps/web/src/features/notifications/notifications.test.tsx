import { DEFAULT_NOTIFICATION_SETTINGS, type Notification } from '@klaimor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { NotificationBell } from './NotificationBell';
import { NotificationSettingsPage } from './NotificationSettingsPage';
import { NotificationsPage } from './NotificationsPage';

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
  channel: 'in_app',
  callPhone: null,
  ...patch,
});

afterEach(() => vi.unstubAllGlobals());

describe('NotificationBell', () => {
  it('says how many are unread and leads to the notification centre', async () => {
    mockApi({ 'GET /api/notifications/unread': () => json(200, { data: [{ unread: 3 }] }) });
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('link', { name: 'การแจ้งเตือน ยังไม่ได้อ่าน 3 รายการ' });
    expect(bell).toHaveAttribute('href', '/notifications');
  });
});

describe('NotificationsPage', () => {
  it('lists notifications, marks them read on opening, and answers a medication reminder', async () => {
    const user = userEvent.setup({ delay: null });
    const calls: string[] = [];
    mockApi({
      'GET /api/notifications': () =>
        json(200, { data: [reminder(), reminder({ id: 'n2', kind: 'test', title: 'ทดสอบการแจ้งเตือน', body: 'ถึงคุณแล้ว', read: true, answerable: false })], meta: { unread: 1 } }),
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
      'GET /api/app-config': () => json(200, { data: [{ devSmsOutbox: true, devPayments: true, notificationChannels: ['in_app'] }] }),
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
      expect(saved).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, afterBreakfast: '07:15', quietFrom: '22:00', quietUntil: '06:00' }),
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
        json(200, { data: [{ devSmsOutbox: true, devPayments: true, notificationChannels: ['in_app', 'web_push'], webPushPublicKey: 'BCdE' }] }),
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
        json(200, { data: [{ devSmsOutbox: true, devPayments: true, notificationChannels: ['in_app', 'line', 'sms'], webPushPublicKey: null }] }),
      'GET /api/notification-settings': () => json(200, { data: [DEFAULT_NOTIFICATION_SETTINGS] }),
      'GET /api/line': () => json(200, { data: [{ linked, friend: linked ? false : null, addFriendUrl: 'https://line.me/R/ti/p/@klaimor' }] }),
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
    expect(screen.getByRole('link', { name: 'เพิ่มเพื่อนใน LINE' })).toHaveAttribute('href', 'https://line.me/R/ti/p/@klaimor');
  });
});
