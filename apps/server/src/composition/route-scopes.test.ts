import Fastify, { type FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import { staffSignedInScope } from './route-scopes.js';

/** The staff signed-in scope as app.ts opens it, with a guard letting everyone in and a member holding no role. */
async function startWithStaffRoutes(routes: FastifyPluginAsync): Promise<void> {
  const app = Fastify();
  try {
    const nobodyAnywhere = { rolesAt: async () => null };
    await app.register(
      staffSignedInScope({ authenticate: async () => {}, limit: async () => {}, roles: nobodyAnywhere }, routes),
    );
    await app.ready();
  } finally {
    await app.close();
  }
}

describe('the staff signed-in scope', () => {
  it('refuses to start with a route that declares no staff area', async () => {
    const started = startWithStaffRoutes(async (scope) => {
      scope.get('/staff/facilities/:facilityId/something', async () => ({ done: true }));
    });
    await expect(started).rejects.toThrow('GET /staff/facilities/:facilityId/something does not declare config.staff');
  });

  it('refuses to start with a facility area on a route whose URL names no facility', async () => {
    const started = startWithStaffRoutes(async (scope) => {
      scope.get('/staff/something', { config: { staff: 'dayList' } }, async () => ({ done: true }));
    });
    await expect(started).rejects.toThrow('GET /staff/something acts in dayList at a facility but its URL names none');
  });

  it('starts when every route declares its area', async () => {
    const started = startWithStaffRoutes(async (scope) => {
      scope.get('/staff/facilities/:facilityId/x', { config: { staff: 'dayList' } }, async () => ({ done: true }));
      scope.get('/staff/own', { config: { staff: 'self' } }, async () => ({ done: true }));
    });
    await expect(started).resolves.toBeUndefined();
  });
});
