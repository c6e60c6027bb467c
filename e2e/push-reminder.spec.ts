import { expect, test } from './support/fixtures';
import { registerThroughApi, screenshot } from './support/patient';

/** The parts of a service worker's global scope the test reads and acts through (the e2e code is typed for pages). */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
}
declare const NotificationEvent: new (
  type: 'notificationclick',
  init: { notification: Notification; action: string },
) => Event;

/** The clock in Bangkok `minutes` from now: 'HH:MM'. */
const bangkokClock = (minutes: number) =>
  new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Bangkok',
  }).format(Date.now() + minutes * 60_000);

test('a medicine reminder pushed to the phone shows a notification whose "taken" button ticks the dose', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await context.grantPermissions(['notifications']);
  await registerThroughApi(page);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
  const added = await page.request.post('/api/medications', {
    data: {
      name: 'Amlodipine',
      strength: '5 mg',
      form: 'tablet',
      doses: {},
      customDose: { label: 'หลังตื่นนอน', time: bangkokClock(1), amount: 1 },
      startDate: today,
    },
  });
  expect(added.status()).toBe(201);
  const medicationId = (await added.json()).data[0].id as string;

  await page.goto('/myhealth');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => registrations.push(...updated));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.find((r) => r.scopeURL === `${baseURL}/`)).toBeTruthy();

  // The server's reminder comes with the minute's round of the job queue.
  let reminder: { id: string; title: string; body: string } | undefined;
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get('/api/notifications')).json()).data as {
          id: string;
          kind: string;
          title: string;
          body: string;
        }[];
        reminder = list.find((n) => n.kind === 'dose');
        return reminder;
      },
      { timeout: 100_000, intervals: [2_000] },
    )
    .toBeTruthy();
  expect(reminder).toMatchObject({ title: 'ถึงเวลาทานยา หลังตื่นนอน', body: 'Amlodipine 5 mg 1 เม็ด' });

  // The same reminder waits in the notification centre, with its two answers.
  await page.goto('/notifications');
  const card = page.getByRole('listitem').filter({ hasText: 'ถึงเวลาทานยา หลังตื่นนอน' });
  await expect(card.getByRole('button', { name: 'กินแล้ว' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'เตือนอีกครั้งใน 15 นาที' })).toBeVisible();
  await screenshot(page, 'notifications-reminder');

  // The push service hands the worker what the server sent (the payload the Web Push API test decrypts).
  const payload = {
    id: reminder!.id,
    kind: 'dose',
    title: reminder!.title,
    body: reminder!.body,
    url: '/notifications',
    actions: [
      { action: 'taken', title: 'กินแล้ว' },
      { action: 'snooze', title: 'เตือนอีกครั้งใน 15 นาที' },
    ],
  };
  const { registrationId } = registrations.find((r) => r.scopeURL === `${baseURL}/`)!;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL!,
    registrationId,
    data: JSON.stringify(payload),
  });

  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await expect
    .poll(() =>
      worker.evaluate(async () =>
        (await (self as unknown as WorkerScope).registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          actions: (n as unknown as { actions: { title: string }[] }).actions.map((a) => a.title),
        })),
      ),
    )
    .toEqual([
      { title: 'ถึงเวลาทานยา หลังตื่นนอน', body: 'Amlodipine 5 mg 1 เม็ด', actions: ['กินแล้ว', 'เตือนอีกครั้งใน 15 นาที'] },
    ]);

  // The patient presses "กินแล้ว" on the notification.
  await worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [shown] = await scope.registration.getNotifications();
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: shown!, action: 'taken' }));
  });
  await expect
    .poll(async () => {
      const checklist = (await (await page.request.get('/api/checklist')).json()).data[0] as {
        doses: { medicationId: string; taken: boolean }[];
      };
      return checklist.doses.find((d) => d.medicationId === medicationId)?.taken;
    })
    .toBe(true);
  await page.goto('/todo');
  await expect(page.getByRole('checkbox', { name: /Amlodipine/ })).toBeChecked();
});
