import type { CareScope } from '@klaimor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/test-app.js';
import { ALL, ONLY, addChild, addParentInPerson, ageCodes, as, caregiver } from './family-test-kit.js';

/**
 * What each signed-in patient route asks of a family grant when a caregiver calls it for someone else: `self` routes
 * are about the caller's own account, `holder` only for the caregiver holding a profile that cannot sign in, otherwise
 * any one of the scopes. A new patient route fails the first test until it is added here, on purpose.
 */
const TABLE: Record<string, 'self' | 'holder' | CareScope[]> = {
  'GET /api/users/me': ['see'],
  'PATCH /api/users': 'holder',
  'POST /api/users/me/consents': 'self',
  'POST /api/users/me/identity/code': 'self',
  'PUT /api/users/me/identity': 'self',
  'POST /api/appointments': ['book'],
  'GET /api/appointments': ['see', 'book'],
  'GET /api/appointments/:id': ['see', 'book'],
  'GET /api/appointments/:id/alternatives': ['see', 'book'],
  'POST /api/appointments/:id/cancel': ['book'],
  'POST /api/dev/payments/:id/paid': ['book'],
  'GET /api/coverage': ['see'],
  'POST /api/coverage': ['see'],
  'PUT /api/coverage/:id': ['see'],
  'DELETE /api/coverage/:id': ['see'],
  'GET /api/visits': ['see'],
  'GET /api/visits/months': ['see'],
  'POST /api/visits': ['see'],
  'PUT /api/visits/:id': ['see'],
  'DELETE /api/visits/:id': ['see'],
  'GET /api/medications': ['see', 'medicines'],
  'POST /api/medications': ['medicines'],
  'PUT /api/medications/:id': ['medicines'],
  'POST /api/medications/:id/stop': ['medicines'],
  'GET /api/checklist': ['see', 'medicines'],
  'GET /api/results': ['see'],
  'GET /api/messages/facilities': ['see'],
  'GET /api/messages': ['see'],
  'POST /api/messages': ['see'],
  'GET /api/messages/:threadId': ['see'],
  'POST /api/messages/:threadId': ['see'],
  'GET /api/messages/photos/:photoId': ['see'],
  'GET /api/refills': ['see', 'medicines'],
  'GET /api/refills/pharmacies': ['see', 'medicines'],
  'POST /api/refills': ['medicines'],
  'POST /api/refills/:refillId/cancel': ['medicines'],
  'PUT /api/checklist/ticks': ['medicines'],
  'POST /api/checklist/as-needed': ['medicines'],
  'DELETE /api/checklist/as-needed/:id': ['medicines'],
  'GET /api/adherence': ['see', 'medicines'],
  'GET /api/health-background': ['see'],
  'POST /api/allergies': ['see'],
  'DELETE /api/allergies/:id': ['see'],
  'POST /api/conditions': ['see'],
  'DELETE /api/conditions/:id': ['see'],
  'GET /api/symptom-notes': ['see'],
  'POST /api/symptom-notes': ['see'],
  'PUT /api/symptom-notes/:id': ['see'],
  'DELETE /api/symptom-notes/:id': ['see'],
  'GET /api/readings': ['see', 'medicines'],
  'POST /api/readings': ['see', 'medicines'],
  'DELETE /api/readings/:id': ['see', 'medicines'],
  'GET /api/readings/reminders': 'holder',
  'PUT /api/readings/reminders': 'holder',
  'GET /api/my-data/access-log': ['see'],
  'GET /api/my-data/fhir': ['see'],
  'POST /api/my-data/deletion/code': 'holder',
  'POST /api/my-data/deletion': 'holder',
  'GET /api/notification-settings': 'holder',
  'PUT /api/notification-settings': 'holder',
  'GET /api/notifications': 'holder',
  'GET /api/notifications/unread': 'self',
  'POST /api/notifications/read': 'holder',
  'POST /api/notifications/:id/taken': 'holder',
  'POST /api/notifications/:id/snooze': 'holder',
  'POST /api/notifications/test': 'self',
  'POST /api/push-subscriptions': 'self',
  'DELETE /api/push-subscriptions': 'self',
  'GET /api/family': 'self',
  'POST /api/family/consent-code': 'self',
  'POST /api/family/dependents': 'self',
  'POST /api/family/invitations': 'self',
  'POST /api/family/links/:id/code': 'self',
  'POST /api/family/links/:id/accept': 'self',
  'POST /api/family/links/:id/confirm': 'self',
  'POST /api/family/links/:id/report': 'self',
  'PATCH /api/family/links/:id': 'self',
  'POST /api/family/links/:id/revoke': 'self',
};

const A_UUID = '3f2b8c1e-9a4d-4e6f-8b7a-2c5d1e0f9a8b';
const SELECTOR_NOT_FOUND = 'ไม่พบบุคคลนี้ในครอบครัวของคุณ';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The signed-in patient routes in the OpenAPI document: not public, not the staff side's. */
async function patientRoutes(): Promise<string[]> {
  const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths as Record<
    string,
    Record<string, unknown>
  >;
  const open = new Set([
    'POST /api/users',
    'POST /api/auth/otp',
    'POST /api/auth/otp/verify',
    'POST /api/auth/logout',
    'GET /api/dev/sms',
  ]);
  return Object.entries(paths)
    .filter(([path]) => path.startsWith('/api/') && !/^\/api\/(staff|operator|hospitals)\b/.test(path))
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`))
    .filter(
      (route) =>
        !open.has(route) &&
        !['GET /api/health', 'GET /api/health/ready', 'GET /api/app-config', 'GET /api/docs/json'].includes(route),
    );
}

function call(route: string, session: string, patient: string) {
  const [method, path] = route.split(' ') as [string, string];
  return t.app.inject({
    method: method as 'GET',
    url: `${path.replace(/:\w+/g, A_UUID)}?patient=${patient}`,
    ...(method === 'GET' ? {} : { payload: {} }),
    ...as(session),
  });
}

describe('acting for a dependent', () => {
  it('every signed-in patient route says what it asks of a grant', async () => {
    const routes = await patientRoutes();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !(route in TABLE))).toEqual([]);
  });

  it.each(['see', 'book', 'medicines', 'alerts'] as const)(
    'a grant of only "%s" opens exactly the routes the table gives it',
    async (scope) => {
      const me = await caregiver(t.app);
      const mother = await addParentInPerson(t.app, me.session, ONLY(scope));
      const outcomes: string[] = [];
      for (const route of await patientRoutes()) {
        const need = TABLE[route]!;
        const res = await call(route, me.session, mother.person.id);
        const allowed = need !== 'self' && need !== 'holder' && need.includes(scope);
        const refused = res.statusCode === 403 && res.json().error.code === 'care_forbidden';
        if (allowed === refused) outcomes.push(`${route}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
      expect(outcomes).toEqual([]);
    },
  );

  it('a stranger, an unknown id or a malformed one is nobody in the family: 404 before anything is read', async () => {
    const me = await caregiver(t.app);
    const other = await caregiver(t.app);
    const othersChild = await addChild(t.app, other.session);
    for (const patient of [othersChild.person.id, other.id, A_UUID, 'not-a-uuid']) {
      for (const route of [
        'GET /api/medications',
        'GET /api/appointments',
        'GET /api/my-data/fhir',
        'POST /api/symptom-notes',
      ]) {
        const res = await call(route, me.session, patient);
        expect(res.statusCode, `${route} for ${patient}`).toBe(404);
        expect(res.json().error.message).toBe(SELECTOR_NOT_FOUND);
      }
    }
  });

  it('the OpenAPI document declares the `patient` selector on exactly the routes that act for a dependent', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths as Record<
      string,
      Record<string, { parameters?: { in: string; name: string }[] }>
    >;
    const declared = (route: string) => {
      const [method, path] = route.split(' ') as [string, string];
      const operation = paths[path.replace(/:(\w+)/g, '{$1}')]![method.toLowerCase()]!;
      return (operation.parameters ?? []).some((p) => p.in === 'query' && p.name === 'patient');
    };
    const wrong = (await patientRoutes()).filter((route) => declared(route) !== (TABLE[route] !== 'self'));
    expect(wrong).toEqual([]);
  });

  it('contact details are changed for a dependent only by the holder of a profile that cannot sign in', async () => {
    const me = await caregiver(t.app);
    const child = await addChild(t.app, me.session, ALL);
    const mother = await addParentInPerson(t.app, me.session, ALL);
    const moved = {
      address: '99 หมู่ 1',
      subdistrist: 'ศรีภูมิ',
      district: 'เมืองเชียงใหม่',
      province: 'เชียงใหม่',
      postcode: '50200',
    };
    const patch = (patient: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/users?patient=${patient}`, payload: moved, ...as(me.session) });
    const childMoved = await patch(child.person.id);
    expect(childMoved.statusCode, childMoved.body).toBe(200);
    expect(childMoved.json().data[0]).toMatchObject({ address: '99 หมู่ 1' });
    expect((await patch(mother.person.id)).json().error.code).toBe('care_forbidden');
  });

  it('only the holder of a profile that cannot sign in may delete it; an adult with their own number deletes themselves', async () => {
    const me = await caregiver(t.app);
    const child = await addChild(t.app, me.session, ALL);
    const mother = await addParentInPerson(t.app, me.session, ALL);
    await ageCodes(t.database, me.phone);
    expect((await call('POST /api/my-data/deletion/code', me.session, child.person.id)).statusCode).toBe(202);
    expect((await call('POST /api/my-data/deletion/code', me.session, mother.person.id)).json().error.code).toBe(
      'care_forbidden',
    );
  });
});
