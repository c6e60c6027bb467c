import { afterEach, describe, expect, it, vi } from 'vitest';
import handlers from '../public/push-handlers.js?raw';

type Listener = (event: Record<string, unknown>) => void;

/** The service worker's push handlers, run against a stand-in for its global scope. */
function serviceWorker() {
  const listeners = new Map<string, Listener>();
  const scope = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(() => Promise.resolve()) },
    clients: { matchAll: vi.fn(() => Promise.resolve([])), openWindow: vi.fn(() => Promise.resolve(null)) },
  };
  const fetched = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response(null, { status: 200 })));
  vi.stubGlobal('fetch', fetched);
  new Function('self', handlers)(scope);
  const push = (payload: unknown) => {
    const waits: Promise<unknown>[] = [];
    listeners.get('push')!({ data: { json: () => payload }, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    return Promise.all(waits);
  };
  const click = (action: string, data: unknown) => {
    const waits: Promise<unknown>[] = [];
    listeners.get('notificationclick')!({
      action,
      notification: { data, close: () => undefined },
      waitUntil: (p: Promise<unknown>) => waits.push(p),
    });
    return Promise.all(waits);
  };
  return { scope, push, click, fetched };
}

const missedDose = {
  id: 'n1',
  kind: 'missed_dose',
  title: 'แม่ยังไม่ได้ทานยาหลังอาหารเช้า',
  body: 'Metformin',
  url: '/notifications',
  actions: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('push handlers', () => {
  it("give a missed-dose alert a call button that opens the dialler on the dependent's number", async () => {
    const { scope, push, click } = serviceWorker();
    await push({ ...missedDose, callPhone: '0812345678' });
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      'แม่ยังไม่ได้ทานยาหลังอาหารเช้า',
      expect.objectContaining({ actions: [{ action: 'call', title: 'โทรหา' }], requireInteraction: true }),
    );
    await click('call', { ...missedDose, callPhone: '0812345678' });
    expect(scope.clients.openWindow).toHaveBeenCalledWith('tel:0812345678');
  });

  it('show no call button without a number, and a tap opens the notification centre', async () => {
    const { scope, push, click } = serviceWorker();
    await push({ ...missedDose, callPhone: null });
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ actions: [], requireInteraction: false }),
    );
    await click('', missedDose);
    expect(scope.clients.openWindow).toHaveBeenCalledWith('/notifications');
  });

  it("answer a held child's reminder for the child, and a tap opens the child's centre", async () => {
    const { scope, click, fetched } = serviceWorker();
    const reminder = {
      id: 'n2',
      kind: 'dose',
      title: 'ถึงเวลาให้น้องฟ้าทานยาหลังอาหารเช้า',
      body: 'Paracetamol',
      patient: 'child-id',
      url: '/notifications?patient=child-id',
    };
    await click('taken', reminder);
    expect(fetched).toHaveBeenCalledWith(
      '/api/notifications/n2/taken?patient=child-id',
      expect.objectContaining({ method: 'POST' }),
    );
    scope.clients.matchAll.mockResolvedValueOnce([
      { url: 'https://klaimor.test/notifications', focus: vi.fn() },
    ] as never);
    await click('', reminder);
    expect(scope.clients.openWindow).toHaveBeenCalledWith('/notifications?patient=child-id');
  });
});
