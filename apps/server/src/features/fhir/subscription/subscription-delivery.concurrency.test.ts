import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApps, nextPhone, registerPatient } from '../../../test/test-app.js';
import { aSlot, booked, twoDesksOnTwoServers } from '../../front-desk/front-desk-test-helpers.js';
import { FACILITY } from '../../staff/staff-test-helpers.js';
import { expectFhir, fhir, registerSystem, subscriptionBody, tokenFor } from '../fhir-test-helpers.js';
import { type HookReceiver, hookReceiver } from './hook-receiver.js';
import { DELIVERY_HEADER } from './subscription-delivery.js';

/** Two app instances on one database (two pools on PostgreSQL, as two server processes) sending the same notices. */
let t: TestApps;
let a: FastifyInstance;
let b: FastifyInstance;
let hook: HookReceiver;

beforeAll(async () => {
  ({ t } = await twoDesksOnTwoServers(40));
  [a, b] = t.apps;
  hook = await hookReceiver();
  const system = await registerSystem(a, t.database, t.config, FACILITY, ['system/Subscription.cruds']);
  const token = await tokenFor(a, t.config, system, 'system/Subscription.cruds');
  const body = subscriptionBody(hook.url('/hook'), 'Appointment?status=booked');
  expectFhir(await fhir(a, 'POST', '/Subscription', { token, body }), 201);
});
afterAll(async () => {
  await hook.close();
  await t.close();
});

describe('notices sent by two servers at once', () => {
  it('reach the system once each', async () => {
    const patient = (await registerPatient(a, nextPhone())).session;
    const ids: string[] = [];
    for (let day = 2; day < 14; day++) ids.push(await booked(day % 2 ? a : b, patient, await aSlot(a, day)));
    const rounds = await Promise.all([a.deliverToSystems(), b.deliverToSystems(), a.deliverToSystems()]);
    expect(rounds.reduce((sum, round) => sum + round.sent, 0)).toBe(ids.length);
    expect(hook.received.map((n) => n.path).sort()).toEqual(ids.map((id) => `/hook/Appointment/${id}`).sort());
    expect(new Set(hook.received.map((n) => n.headers[DELIVERY_HEADER])).size).toBe(ids.length);
  });
});
