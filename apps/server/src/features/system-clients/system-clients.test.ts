import { type Server, createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { type CryptoKey, type JWK, SignJWT, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../plugins/error-handler.js';
import { type TestApp, createTestApp } from '../../test/test-app.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { FACILITY, asStaff, enrolStaff, queryRows } from '../staff/staff-test-helpers.js';
import { authenticateSystemClient } from './smart.routes.js';
import { createSystemClientsRepository } from './system-clients.repository.js';
import { CLIENT_ASSERTION_TYPE, OAuthError, createSystemTokenService } from './token.service.js';

interface Client {
  id: string;
  clientId: string;
  name: string;
  jwksUrl: string | null;
  jwks: { keys: JWK[] } | null;
  scopes: string[];
  disabledAt: string | null;
  createdBy: string | null;
}
interface KeyPair {
  kid: string;
  alg: 'RS384' | 'ES384';
  privateKey: CryptoKey;
  publicJwk: JWK;
}

const OTHER = 'ramathibodi-hospital';
const base = (facility = FACILITY) => `/api/staff/facilities/${facility}/system-clients`;
const SLOTS = 'system/Slot.cruds';
const APPOINTMENTS = 'system/Appointment.rs';

let t: TestApp;
let admin: Awaited<ReturnType<typeof enrolStaff>>;
let tokenEndpoint: string;

/** A system's published keys, served by a real HTTP server on this machine, as a hospital's system would. */
let jwksServer: Server;
let jwksUrl: string;
let servedKeys: { keys: JWK[] } = { keys: [] };
let jwksFetches = 0;

async function keyPair(alg: 'RS384' | 'ES384'): Promise<KeyPair> {
  const { privateKey, publicKey } = await generateKeyPair(alg);
  const kid = randomUUID();
  return { kid, alg, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg } };
}

beforeAll(async () => {
  t = await createTestApp();
  await seedFacilities(createHospitalsRepository(t.database.db));
  admin = await enrolStaff(t.app, t.database, t.config);
  tokenEndpoint = t.config.smart.tokenEndpoint;
  jwksServer = createServer((_request, response) => {
    jwksFetches += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(servedKeys));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks.json`;
});
afterAll(async () => {
  await new Promise((resolve) => jwksServer.close(resolve));
  await t.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object, session = admin.session) =>
  t.app.inject({ method, url, payload, ...asStaff(session) });

async function register(body: object, session = admin.session, facility = FACILITY): Promise<Client> {
  const res = await call('POST', base(facility), body, session);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data[0] as Client;
}

/** A client with its keys given inline. */
async function inlineClient(keys: KeyPair[], scopes = [SLOTS, APPOINTMENTS]): Promise<Client> {
  return register({ name: 'HIS ของโรงพยาบาล', jwks: { keys: keys.map((k) => k.publicJwk) }, scopes });
}

interface AssertionOptions {
  alg?: string;
  kid?: string;
  iss?: string;
  sub?: string;
  aud?: string;
  jti?: string;
  /** Seconds from now. */
  exp?: number;
}

/** A client assertion as SMART asks for it, signed with `key`; `options` bend one thing at a time. */
function assertion(client: Client, key: KeyPair, options: AssertionOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ jti: options.jti ?? randomUUID() })
    .setProtectedHeader({ alg: options.alg ?? key.alg, kid: options.kid ?? key.kid, typ: 'JWT' })
    .setIssuer(options.iss ?? client.clientId)
    .setSubject(options.sub ?? client.clientId)
    .setAudience(options.aud ?? tokenEndpoint)
    .setExpirationTime(now + (options.exp ?? 240))
    .sign(key.privateKey);
}

function tokenRequest(fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/fhir/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

const form = (clientAssertion: string, scope = SLOTS) => ({
  grant_type: 'client_credentials',
  client_assertion_type: CLIENT_ASSERTION_TYPE,
  client_assertion: clientAssertion,
  scope,
});

async function expectRefused(fields: Record<string, string>, error: string, description?: RegExp) {
  const res = await tokenRequest(fields);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.headers['cache-control']).toBe('no-store');
  const body = res.json() as { error: string; error_description: string };
  expect(body.error).toBe(error);
  if (description) expect(body.error_description).toMatch(description);
  expect(res.body).not.toContain(fields.client_assertion ?? '\u0000');
  return body;
}

/** A system's side of the FHIR API: what `authenticateSystemClient` makes of a request, through a tiny server. */
async function holderFor(authorization?: string) {
  const tokens = createSystemTokenService({
    clients: createSystemClientsRepository(t.database.db),
    tokenEndpoint,
    httpJwks: 'loopback',
    tokensPerMinute: 30,
  });
  const authenticate = authenticateSystemClient(tokens);
  const probe = Fastify();
  registerErrorHandling(probe);
  probe.get('/probe', async (request) => authenticate(request));
  const res = await probe.inject({ method: 'GET', url: '/probe', headers: authorization ? { authorization } : {} });
  await probe.close();
  return res;
}

describe('SMART discovery', () => {
  it('says where the token endpoint is and what it accepts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fhir/.well-known/smart-configuration' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      token_endpoint: tokenEndpoint,
      token_endpoint_auth_methods_supported: ['private_key_jwt'],
      token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
      grant_types_supported: ['client_credentials'],
      scopes_supported: expect.arrayContaining([SLOTS, 'system/Patient.r']),
      capabilities: ['client-confidential-asymmetric', 'permission-v2'],
    });
    expect(tokenEndpoint).toMatch(/^http:\/\/localhost:\d+\/fhir\/auth\/token$/);
  });
});

describe('the token endpoint', () => {
  it('issues a bearer token to an RS384 client with inline keys, for the scopes asked that it holds', async () => {
    const key = await keyPair('RS384');
    const client = await inlineClient([key]);
    const res = await tokenRequest(
      form(await assertion(client, key), `${SLOTS} system/Appointment.r system/Patient.r`),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { access_token: string; token_type: string; expires_in: number; scope: string };
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 300,
      // Patient.r is not registered; Appointment.r is within Appointment.rs.
      scope: `${SLOTS} system/Appointment.r`,
    });

    // Only the token's hash is kept.
    const stored = await queryRows<{ token_hash: string; scopes: string[] }>(
      t.database.db,
      sql`select token_hash, t.scopes from system_access_tokens t join system_clients c on c.id = t.client_id
          where c.client_id = ${client.clientId}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toBe(body.access_token);

    const holder = await holderFor(`Bearer ${body.access_token}`);
    expect(holder.statusCode, holder.body).toBe(200);
    const [facility] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from facilities where stable_id = ${FACILITY}`,
    );
    expect(holder.json()).toEqual({
      systemClientId: client.id,
      clientId: client.clientId,
      clientName: 'HIS ของโรงพยาบาล',
      facilityId: facility!.id,
      scopes: [SLOTS, 'system/Appointment.r'],
    });
  });

  it('issues a token to an ES384 client whose keys it reads from the jwks_url, and keeps them', async () => {
    const first = await keyPair('ES384');
    servedKeys = { keys: [first.publicJwk] };
    const client = await register({ name: 'ระบบนัดหมาย', jwksUrl, scopes: [SLOTS] });
    const before = jwksFetches;
    const res = await tokenRequest(form(await assertion(client, first)));
    expect(res.statusCode, res.body).toBe(200);
    expect(jwksFetches).toBe(before + 1);
    // The keys are kept: a second assertion reads none.
    expect((await tokenRequest(form(await assertion(client, first)))).statusCode).toBe(200);
    expect(jwksFetches).toBe(before + 1);
  });

  it('refuses an assertion id used before, and of two identical assertions at once issues exactly one token', async () => {
    const key = await keyPair('ES384');
    const client = await inlineClient([key]);
    const once = await assertion(client, key);
    expect((await tokenRequest(form(once))).statusCode).toBe(200);
    await expectRefused(form(once), 'invalid_client', /jti/);

    const twin = await assertion(client, key);
    const both = await Promise.all([tokenRequest(form(twin)), tokenRequest(form(twin))]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    // The same jti in a newly signed assertion is a replay too.
    const jti = randomUUID();
    expect((await tokenRequest(form(await assertion(client, key, { jti })))).statusCode).toBe(200);
    await expectRefused(form(await assertion(client, key, { jti })), 'invalid_client', /jti/);
  });

  it('refuses an expired assertion', async () => {
    const key = await keyPair('RS384');
    const client = await inlineClient([key]);
    await expectRefused(form(await assertion(client, key, { exp: -120 })), 'invalid_client', /expired/);
  });

  it('refuses an assertion whose exp is more than five minutes ahead', async () => {
    const key = await keyPair('RS384');
    const client = await inlineClient([key]);
    await expectRefused(form(await assertion(client, key, { exp: 600 })), 'invalid_client', /5 minutes/);
  });

  it('refuses an assertion for another audience', async () => {
    const key = await keyPair('RS384');
    const client = await inlineClient([key]);
    await expectRefused(
      form(await assertion(client, key, { aud: 'https://elsewhere.example/token' })),
      'invalid_client',
      /aud/,
    );
  });

  it('refuses a kid that is none of the client’s keys', async () => {
    const key = await keyPair('RS384');
    const client = await inlineClient([key]);
    await expectRefused(form(await assertion(client, key, { kid: 'not-registered' })), 'invalid_client', /kid/);
  });

  it('refuses an assertion signed with another client’s key, even under that key’s kid', async () => {
    const keyA = await keyPair('ES384');
    const keyB = await keyPair('ES384');
    const clientA = await inlineClient([keyA]);
    await inlineClient([keyB]);
    await expectRefused(form(await assertion(clientA, keyB)), 'invalid_client', /kid/);
    // Under A's kid, B's signature does not verify.
    await expectRefused(form(await assertion(clientA, keyB, { kid: keyA.kid })), 'invalid_client', /signature/);
  });

  it('refuses an assertion whose iss is not its sub', async () => {
    const key = await keyPair('RS384');
    const client = await inlineClient([key]);
    const other = await inlineClient([key]);
    await expectRefused(form(await assertion(client, key, { sub: other.clientId })), 'invalid_client', /iss and sub/);
  });

  it('refuses any algorithm but RS384 and ES384: HS256, RS256, none', async () => {
    const key = await keyPair('RS384');
    const client = await inlineClient([key]);
    const secret = new TextEncoder().encode('a shared secret the server never registered!!');
    const hs256 = await new SignJWT({ jti: randomUUID() })
      .setProtectedHeader({ alg: 'HS256', kid: key.kid })
      .setIssuer(client.clientId)
      .setSubject(client.clientId)
      .setAudience(tokenEndpoint)
      .setExpirationTime('2m')
      .sign(secret);
    await expectRefused(form(hs256), 'invalid_client', /alg/);

    const rs256 = await generateKeyPair('RS256');
    const rs256Assertion = await new SignJWT({ jti: randomUUID() })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .setIssuer(client.clientId)
      .setSubject(client.clientId)
      .setAudience(tokenEndpoint)
      .setExpirationTime('2m')
      .sign(rs256.privateKey);
    await expectRefused(form(rs256Assertion), 'invalid_client', /alg/);

    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', kid: key.kid })}.${encode({
      iss: client.clientId,
      sub: client.clientId,
      aud: tokenEndpoint,
      jti: randomUUID(),
      exp: Math.floor(Date.now() / 1000) + 120,
    })}.`;
    await expectRefused(form(unsigned), 'invalid_client', /alg/);
  });

  it('refuses claims no database could hold or no check could read, before looking anything up', async () => {
    const key = await keyPair('RS384');
    const client = await inlineClient([key]);
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    // Unsigned, with an iss PostgreSQL cannot store: refused as a client, never a 500.
    const nul = `${encode({ alg: 'RS384', kid: key.kid, typ: 'JWT' })}.${encode({
      iss: '\u0000',
      sub: '\u0000',
      aud: tokenEndpoint,
      jti: randomUUID(),
      exp: Math.floor(Date.now() / 1000) + 120,
    })}.c2lnbmF0dXJl`;
    await expectRefused(form(nul), 'invalid_client', /unknown/);
    const signed = (claims: Record<string, unknown>, exp = true) => {
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS384', kid: key.kid, typ: 'JWT' })
        .setIssuer(client.clientId)
        .setSubject(client.clientId)
        .setAudience(tokenEndpoint);
      return (exp ? jwt.setExpirationTime('2m') : jwt).sign(key.privateKey);
    };
    await expectRefused(form(await signed({ jti: randomUUID() }, false)), 'invalid_client', /exp/);
    await expectRefused(form(await signed({ jti: 42 })), 'invalid_client', /jti/);
    await expectRefused(form(await signed({ jti: 'a\u0000b' })), 'invalid_client', /jti/);
  });

  it('refuses a header whose typ is not JWT, without failing on one that is not even a string', async () => {
    const key = await keyPair('RS384');
    const client = await inlineClient([key]);
    for (const typ of ['dpop+jwt', 42]) {
      const signed = await new SignJWT({ jti: randomUUID() })
        .setProtectedHeader({ alg: 'RS384', kid: key.kid, typ: typ as string })
        .setIssuer(client.clientId)
        .setSubject(client.clientId)
        .setAudience(tokenEndpoint)
        .setExpirationTime('2m')
        .sign(key.privateKey);
      await expectRefused(form(signed), 'invalid_client', /typ/);
    }
  });

  it('refuses scopes the client does not hold, and a scope that is not SMART’s', async () => {
    const key = await keyPair('RS384');
    const client = await inlineClient([key], [APPOINTMENTS]);
    await expectRefused(form(await assertion(client, key), 'system/Patient.r'), 'invalid_scope');
    await expectRefused(form(await assertion(client, key), 'system/Appointment.rus'), 'invalid_scope');
    await expectRefused(form(await assertion(client, key), 'patient/*.read'), 'invalid_scope');
    await expectRefused(form(await assertion(client, key), ''), 'invalid_request', /scope/);
  });

  it('refuses another grant type, a missing assertion type, a field given twice and a JSON body', async () => {
    const key = await keyPair('RS384');
    const client = await inlineClient([key]);
    const signed = await assertion(client, key);
    await expectRefused({ ...form(signed), grant_type: 'authorization_code' }, 'unsupported_grant_type');
    await expectRefused({ ...form(signed), grant_type: '' }, 'invalid_request', /grant_type/);
    await expectRefused({ ...form(signed), client_assertion_type: 'client_secret' }, 'invalid_request');
    await expectRefused({ ...form(signed), client_assertion: 'not.a.jwt' }, 'invalid_client');

    const twice = await t.app.inject({
      method: 'POST',
      url: '/fhir/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${new URLSearchParams(form(signed)).toString()}&scope=${encodeURIComponent(APPOINTMENTS)}`,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ error: 'invalid_request', error_description: 'scope is given more than once' });

    const json = await t.app.inject({ method: 'POST', url: '/fhir/auth/token', payload: form(signed) });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe('invalid_request');

    const xml = await t.app.inject({
      method: 'POST',
      url: '/fhir/auth/token',
      headers: { 'content-type': 'application/xml' },
      payload: '<token/>',
    });
    expect(xml.json().error).toBe('invalid_request');
  });

  it('refuses a token and new tokens the moment its client is disabled, and gives new ones once enabled again', async () => {
    const key = await keyPair('ES384');
    const client = await inlineClient([key]);
    const issued = await tokenRequest(form(await assertion(client, key)));
    const token = (issued.json() as { access_token: string }).access_token;
    expect((await holderFor(`Bearer ${token}`)).statusCode).toBe(200);

    const disabled = await call('POST', `${base()}/${client.id}/disable`);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().data[0].disabledAt).toEqual(expect.any(String));

    const refused = await holderFor(`Bearer ${token}`);
    expect(refused.statusCode).toBe(401);
    await expectRefused(form(await assertion(client, key)), 'invalid_client', /disabled/);

    const enabled = await call('POST', `${base()}/${client.id}/enable`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().data[0].disabledAt).toBeNull();
    // The token given before stays dead; a new one works.
    expect((await holderFor(`Bearer ${token}`)).statusCode).toBe(401);
    expect((await tokenRequest(form(await assertion(client, key)))).statusCode).toBe(200);
  });

  it('refuses a system more tokens a minute than allowed, once it has proved who it is', async () => {
    const tokens = createSystemTokenService({
      clients: createSystemClientsRepository(t.database.db),
      tokenEndpoint,
      httpJwks: 'loopback',
      tokensPerMinute: 2,
    });
    const key = await keyPair('ES384');
    const client = await inlineClient([key]);
    for (let i = 0; i < 2; i++) await tokens.issue(form(await assertion(client, key)));
    const refused = await tokens.issue(form(await assertion(client, key))).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OAuthError);
    expect(refused).toMatchObject({ error: 'invalid_request', status: 429, retryAfterSec: 60 });
    // Another system is not held back by it.
    const other = await inlineClient([key]);
    await expect(tokens.issue(form(await assertion(other, key)))).resolves.toMatchObject({ token_type: 'bearer' });
  });

  it('refuses a request to the FHIR API without a token, or with an unknown or expired one', async () => {
    const missing = await holderFor();
    expect(missing.statusCode).toBe(401);
    const unknown = await holderFor(`Bearer ${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(401);

    const key = await keyPair('RS384');
    const client = await inlineClient([key]);
    const token = ((await tokenRequest(form(await assertion(client, key)))).json() as { access_token: string })
      .access_token;
    await t.database.db.execute(sql`
      update system_access_tokens set expires_at = now() - interval '1 second'
      where client_id = ${client.id}`);
    expect((await holderFor(`Bearer ${token}`)).statusCode).toBe(401);

    // Housekeeping drops expired tokens and spent assertion ids.
    await t.database.db.execute(sql`
      update system_client_assertions set expires_at = now() - interval '1 second' where client_id = ${client.id}`);
    await t.app.housekeeping();
    const left = await queryRows<{ n: number }>(
      t.database.db,
      sql`select (select count(*)::int from system_access_tokens where client_id = ${client.id})
        + (select count(*)::int from system_client_assertions where client_id = ${client.id}) as n`,
    );
    expect(left[0]!.n).toBe(0);
  });
});

describe('registering systems (admin)', () => {
  it('lists the facility’s systems with their public keys and no secret, and audits each change', async () => {
    const key = await keyPair('RS384');
    const client = await inlineClient([key]);
    expect(client).toEqual(
      expect.objectContaining({
        name: 'HIS ของโรงพยาบาล',
        clientId: expect.stringMatching(/^sys_[\w-]{22}$/),
        jwksUrl: null,
        jwks: { keys: [key.publicJwk] },
        scopes: [SLOTS, APPOINTMENTS],
        disabledAt: null,
        createdBy: admin.memberId,
      }),
    );
    const listed = await call('GET', base());
    expect(listed.statusCode).toBe(200);
    expect((listed.json().data as Client[]).map((c) => c.id)).toContain(client.id);

    await call('POST', `${base()}/${client.id}/disable`);
    await call('POST', `${base()}/${client.id}/disable`);
    await call('POST', `${base()}/${client.id}/enable`);
    const audit = await queryRows<{ action: string; role: string; staff_member_id: string }>(
      t.database.db,
      sql`select action, role, staff_member_id from audit_events where target = ${client.id} order by at, id`,
    );
    // Disabling twice is one change.
    expect(audit).toEqual([
      { action: 'system_client.registered', role: 'admin', staff_member_id: admin.memberId },
      { action: 'system_client.disabled', role: 'admin', staff_member_id: admin.memberId },
      { action: 'system_client.enabled', role: 'admin', staff_member_id: admin.memberId },
    ]);
  });

  it('refuses a private key, both key sources or neither, an unknown scope and a plain-http address elsewhere', async () => {
    const { privateKey } = await generateKeyPair('RS384', { extractable: true });
    const privateJwk = { ...(await exportJWK(privateKey)), kid: 'k1' };
    const publicJwk = (await keyPair('ES384')).publicJwk;
    const refused = async (body: object, field: string, reason: string) => {
      const res = await call('POST', base(), body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields).toEqual(expect.objectContaining({ [field]: reason }));
    };
    await refused({ name: 'x', jwks: { keys: [privateJwk] }, scopes: [SLOTS] }, 'jwks.keys.0', 'private_key_given');
    await refused(
      { name: 'x', jwks: { keys: [{ ...publicJwk, d: 'abc' }] }, scopes: [SLOTS] },
      'jwks.keys.0',
      'private_key_given',
    );
    await refused({ name: 'x', jwksUrl, jwks: { keys: [publicJwk] }, scopes: [SLOTS] }, 'jwksUrl', 'one_key_source');
    await refused({ name: 'x', scopes: [SLOTS] }, 'jwksUrl', 'one_key_source');
    await refused({ name: 'x', jwks: { keys: [publicJwk] }, scopes: ['system/*.*'] }, 'scopes.0', 'invalid_choice');
    await refused(
      { name: 'x', jwksUrl: 'http://his.hospital.example/jwks', scopes: [SLOTS] },
      'jwksUrl',
      'insecure_url',
    );
    await refused(
      { name: 'x', jwks: { keys: [{ ...publicJwk, x: 'broken' }] }, scopes: [SLOTS] },
      'jwks.keys.0',
      'invalid_choice',
    );
    const shortRsa = { kty: 'RSA', kid: 'short', e: 'AQAB', n: Buffer.alloc(128, 0xc5).toString('base64url') };
    await refused({ name: 'x', jwks: { keys: [shortRsa] }, scopes: [SLOTS] }, 'jwks.keys.0', 'invalid_choice');
    const none = await queryRows(t.database.db, sql`select 1 from system_clients where name = 'x'`);
    expect(none).toEqual([]);
  });

  it('is for admins only: the front desk is refused', async () => {
    const desk = await enrolStaff(t.app, t.database, t.config, undefined, { facility: FACILITY, role: 'front_desk' });
    const key = await keyPair('RS384');
    const body = { name: 'HIS', jwks: { keys: [key.publicJwk] }, scopes: [SLOTS] };
    for (const res of [
      await call('POST', base(), body, desk.session),
      await call('GET', base(), undefined, desk.session),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('staff_forbidden');
    }
  });

  it('shows another facility’s admin none of this facility’s systems, and lets them disable none', async () => {
    const key = await keyPair('RS384');
    const client = await inlineClient([key]);
    const otherAdmin = await enrolStaff(t.app, t.database, t.config, undefined, { facility: OTHER, role: 'admin' });
    const theirs = await call('GET', base(OTHER), undefined, otherAdmin.session);
    expect(theirs.statusCode).toBe(200);
    expect((theirs.json().data as Client[]).map((c) => c.id)).not.toContain(client.id);
    expect((await call('GET', base(), undefined, otherAdmin.session)).statusCode).toBe(404);
    expect((await call('POST', `${base(OTHER)}/${client.id}/disable`, undefined, otherAdmin.session)).statusCode).toBe(
      404,
    );
    expect((await call('POST', `${base()}/${client.id}/disable`, undefined, otherAdmin.session)).statusCode).toBe(404);
    const still = await queryRows<{ disabled_at: Date | null }>(
      t.database.db,
      sql`select disabled_at from system_clients where id = ${client.id}`,
    );
    expect(still[0]!.disabled_at).toBeNull();
  });
});
