import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SHED_EVENT_LOOP_DELAY_MS: '200' });
});
afterAll(() => t.close());

/** Holds the event loop as a process swamped with work would. */
function busyFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

it('refuses new requests with 503 in the app’s shape while the event loop lags, and serves again once caught up', async () => {
  const health = () => t.app.inject({ method: 'GET', url: '/api/health' });
  expect((await health()).statusCode).toBe(200);

  // Longer than the second between readings of the lag, so the reading falls due during it and is taken right after.
  busyFor(1_500);
  await sleep(100);
  const refused = await health();
  expect(refused.statusCode).toBe(503);
  expect(refused.headers['retry-after']).toBe('5');
  expect(refused.json()).toEqual({
    error: { code: 'service_unavailable', message: 'ระบบมีผู้ใช้มากในขณะนี้ กรุณาลองอีกครั้งในอีกสักครู่' },
  });

  // Two readings later the loop has kept up again.
  await sleep(2_200);
  expect((await health()).statusCode).toBe(200);
});
