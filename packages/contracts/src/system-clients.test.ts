import { describe, expect, it } from 'vitest';
import {
  RegisterSystemClientBody,
  SYSTEM_SCOPES,
  grantableScope,
  parseSystemScope,
  systemScopeAllows,
} from './system-clients.js';

const ecKey = { kty: 'EC', crv: 'P-384', x: 'x', y: 'y', kid: 'k1' };

describe('SMART v2 system scopes', () => {
  it('writes every scope of the table in SMART v2 syntax, its letters in c r u d s order', () => {
    for (const [scope, { resource, permissions }] of Object.entries(SYSTEM_SCOPES)) {
      expect(parseSystemScope(scope)).toEqual({ resource, permissions: [...permissions] });
    }
  });

  it('refuses what is not a v2 system scope: v1 words, letters out of order, patient or user scopes, wildcards', () => {
    for (const scope of [
      'system/Slot.read',
      'system/Slot.rc',
      'patient/Slot.r',
      'user/Slot.r',
      'system/*.r',
      'system/Slot.',
    ]) {
      expect(parseSystemScope(scope)).toBeNull();
    }
  });

  it('grants a scope asked for when a held one of the same resource covers every letter', () => {
    const held = ['system/Slot.cruds', 'system/Appointment.rs'];
    expect(grantableScope('system/Slot.rs', held)).toBe('system/Slot.rs');
    expect(grantableScope('system/Appointment.rs', held)).toBe('system/Appointment.rs');
    expect(grantableScope('system/Appointment.u', held)).toBeNull();
    expect(grantableScope('system/Patient.r', held)).toBeNull();
  });

  it('tells the FHIR routes whether granted scopes allow an interaction', () => {
    expect(systemScopeAllows(['system/Appointment.rs'], 'Appointment', 'search')).toBe(true);
    expect(systemScopeAllows(['system/Appointment.rs'], 'Appointment', 'update')).toBe(false);
    expect(systemScopeAllows(['system/Appointment.rs'], 'Slot', 'read')).toBe(false);
  });
});

describe('registering a system', () => {
  const scopes = ['system/Slot.cruds'];

  it('takes a name, public keys or their https address, and scopes of the table', () => {
    expect(RegisterSystemClientBody.safeParse({ name: 'HIS', jwks: { keys: [ecKey] }, scopes }).success).toBe(true);
    expect(
      RegisterSystemClientBody.safeParse({ name: 'HIS', jwksUrl: 'https://his.example/jwks.json', scopes }).success,
    ).toBe(true);
  });

  it.each(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'])('refuses a key holding the private member %s', (member) => {
    const parsed = RegisterSystemClientBody.safeParse({
      name: 'HIS',
      jwks: { keys: [{ ...ecKey, [member]: 'secret' }] },
      scopes,
    });
    expect(parsed.error?.issues.map((i) => i.message)).toContain('private_key_given');
  });

  it('takes exactly one source of keys, keys each with its own kid, and scopes of the table only', () => {
    const fails = (body: object) => expect(RegisterSystemClientBody.safeParse(body).success).toBe(false);
    fails({ name: 'HIS', scopes });
    fails({ name: 'HIS', jwksUrl: 'https://his.example/jwks.json', jwks: { keys: [ecKey] }, scopes });
    fails({ name: 'HIS', jwks: { keys: [ecKey, ecKey] }, scopes });
    fails({ name: 'HIS', jwks: { keys: [{ ...ecKey, kid: undefined }] }, scopes });
    fails({ name: 'HIS', jwks: { keys: [{ ...ecKey, kty: 'oct' }] }, scopes });
    fails({ name: 'HIS', jwksUrl: 'ftp://his.example/jwks.json', scopes });
    fails({ name: 'HIS', jwks: { keys: [ecKey] }, scopes: ['system/Slot.r'] });
    fails({ name: 'HIS', jwks: { keys: [ecKey] }, scopes: [] });
  });
});
