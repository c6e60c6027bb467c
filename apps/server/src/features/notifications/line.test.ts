import { DEFAULT_NOTIFICATION_SETTINGS, addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeLine, startFakeLine } from '../../test/fake-line.js';
import { type TestApp, cookieValue, createTestApp, nextPhone, registerPatient } from '../../test/test-app.js';

let line: FakeLine;
let t: TestApp;
beforeAll(async () => {
  line = await startFakeLine();
  t = await createTestApp({
    LINE_CHANNEL_ACCESS_TOKEN: line.channelAccessToken,
    LINE_LOGIN_CHANNEL_ID: line.loginChannelId,
    LINE_LOGIN_CHANNEL_SECRET: line.loginChannelSecret,
    LINE_ADD_FRIEND_URL: 'https://line.me/R/ti/p/@klaimor',
    LINE_API_URL: line.url,
    LINE_ACCESS_URL: 'https://access.line.me',
    PUBLIC_URL: 'https://klaimor.example',
  });
});
afterAll(async () => {
  await t.close();
  await line.close();
});
beforeEach(async () => {
  line.pushed.length = 0;
  await t.database.db.execute(sql`delete from reminder_progress`);
});

const as = (session: string, extra: Record<string, string> = {}) => ({
  cookies: { klaimor_session: session, ...extra },
});

/** The patient taps "เชื่อมต่อ LINE", logs in on LINE (adding the Official Account, or not) and comes back. */
async function linkLine(session: string, lineUserId: string, friend = true, tamper?: (state: string) => string) {
  const start = await t.app.inject({ method: 'GET', url: '/api/line/link', ...as(session) });
  expect(start.statusCode, start.body).toBe(302);
  const location = start.headers.location as string;
  const query = new URL(location).searchParams;
  expect(location.startsWith('https://access.line.me/oauth2/v2.1/authorize?')).toBe(true);
  expect(query.get('redirect_uri')).toBe('https://klaimor.example/api/line/callback');
  expect(query.get('scope')).toBe('openid profile');
  expect(query.get('bot_prompt')).toBe('aggressive');
  const { code, state } = line.approve(location, { lineUserId, friend });
  const back = await t.app.inject({
    method: 'GET',
    url: `/api/line/callback?code=${code}&state=${tamper ? tamper(state) : state}`,
    ...as(session, { klaimor_line: cookieValue(start, 'klaimor_line')! }),
  });
  expect(back.statusCode).toBe(302);
  return back.headers.location;
}

async function patientWithMedicine() {
  const { session } = await registerPatient(t.app, nextPhone());
  const med = await t.app.inject({
    method: 'POST',
    url: '/api/medications',
    payload: {
      name: 'Metformin',
      strength: '500 mg',
      form: 'tablet',
      doses: { afterBreakfast: 1 },
      startDate: addDays(todayInBangkok(), -1),
    },
    ...as(session),
  });
  expect(med.statusCode).toBe(201);
  return session;
}
const chooseLine = (session: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/notification-settings',
    payload: { ...DEFAULT_NOTIFICATION_SETTINGS, channel: 'line' },
    ...as(session),
  });
const eight = () => new Date(`${todayInBangkok()}T08:00:00+07:00`);

describe('LINE', () => {
  it('links through LINE Login and pushes reminders from the Official Account, once per reminder', async () => {
    const session = await patientWithMedicine();
    expect((await chooseLine(session)).json().error.code).toBe('line_not_linked');
    expect(await linkLine(session, 'U4af4980629000000000000000000001')).toBe('/settings/notifications?line=linked');
    const status = await t.app.inject({ method: 'GET', url: '/api/line', ...as(session) });
    expect(status.json().data[0]).toEqual({
      linked: true,
      friend: true,
      addFriendUrl: 'https://line.me/R/ti/p/@klaimor',
    });
    expect((await chooseLine(session)).statusCode).toBe(200);

    await t.app.sendReminders(eight());
    expect(line.pushed).toEqual([
      {
        to: 'U4af4980629000000000000000000001',
        text: 'ถึงเวลาทานยาหลังอาหารเช้า\nMetformin 500 mg 1 เม็ด\n\nกด "กินแล้ว" หรือเลื่อนเตือนได้ที่ https://klaimor.example/notifications',
        retryKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    const list = (await t.app.inject({ method: 'GET', url: '/api/notifications', ...as(session) })).json().data;
    expect(list[0]).toMatchObject({ channel: 'line' });
    expect(line.pushed[0]!.retryKey).toBe(list[0].id);
  });

  it('links nothing when the state does not match the browser that left, or the patient cancels on LINE', async () => {
    const session = await patientWithMedicine();
    expect(await linkLine(session, 'U4af4980629000000000000000000002', true, (state) => `${state}x`)).toBe(
      '/settings/notifications?line=failed',
    );
    const cancelled = await t.app.inject({
      method: 'GET',
      url: '/api/line/callback?error=access_denied&state=x',
      ...as(session),
    });
    expect(cancelled.headers.location).toBe('/settings/notifications?line=failed');
    expect((await t.app.inject({ method: 'GET', url: '/api/line', ...as(session) })).json().data[0].linked).toBe(false);
  });

  it('falls back to the app (and SMS) when LINE refuses: the patient has not added the Official Account', async () => {
    const session = await patientWithMedicine();
    expect(await linkLine(session, 'U4af4980629000000000000000000003', false)).toBe(
      '/settings/notifications?line=linked',
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/line', ...as(session) })).json().data[0].friend).toBe(false);
    expect((await chooseLine(session)).statusCode).toBe(200);
    await t.app.sendReminders(eight());
    expect(line.pushed).toEqual([]);
    const [kept] = (await t.app.inject({ method: 'GET', url: '/api/notifications', ...as(session) })).json().data;
    expect(kept).toMatchObject({ title: 'ถึงเวลาทานยาหลังอาหารเช้า', channel: 'sms' });
  });

  it('unlinking sends notifications to the app again', async () => {
    const session = await patientWithMedicine();
    await linkLine(session, 'U4af4980629000000000000000000004');
    expect((await chooseLine(session)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/line/link', ...as(session) })).statusCode).toBe(204);
    const settings = (await t.app.inject({ method: 'GET', url: '/api/notification-settings', ...as(session) })).json()
      .data[0];
    expect(settings.channel).toBe('in_app');
  });
});
