import { SYSTEM_SCOPE_LIST } from '@klaimor/contracts';
import { describe, expect, it } from 'vitest';
import { orderedScopes, pastedKeySet, pastedKeysProblem, scopeGroups } from './systems-format';

const rsa = { kty: 'RSA', kid: 'his-1', e: 'AQAB', n: 'u1SU' };
const ec = { kty: 'EC', kid: 'his-2', crv: 'P-384', x: 'AA', y: 'BB' };
const set = (keys: unknown[]) => JSON.stringify({ keys });

describe('pasted public keys', () => {
  it('takes a key set, and one key pasted alone as a set of one', () => {
    expect(pastedKeysProblem(set([rsa, ec]))).toBeNull();
    expect(pastedKeysProblem(JSON.stringify(rsa))).toBeNull();
    expect(pastedKeySet(JSON.stringify(rsa))).toEqual({ keys: [rsa] });
    expect(pastedKeySet('{"keys": [')).toBeUndefined();
  });

  it('names each problem the admin can act on', () => {
    expect(pastedKeysProblem('  ')).toBe('required');
    expect(pastedKeysProblem('{"keys": [')).toBe('not_json');
    expect(pastedKeysProblem('"keys"')).toBe('not_key_set');
    expect(pastedKeysProblem(JSON.stringify({ key: [rsa] }))).toBe('not_key_set');
    expect(pastedKeysProblem(set([]))).toBe('no_keys');
    expect(pastedKeysProblem(set(Array.from({ length: 11 }, (_, i) => ({ ...ec, kid: `k${i}` }))))).toBe(
      'more_than_ten',
    );
    expect(pastedKeysProblem(set([{ ...rsa, kid: undefined }]))).toBe('kid_missing');
    expect(pastedKeysProblem(set([rsa, { ...ec, kid: rsa.kid }]))).toBe('duplicate_kid');
    expect(pastedKeysProblem(set([{ kty: 'oct', kid: 'x' }]))).toBe('key_type');
    expect(pastedKeysProblem(set([{ ...rsa, alg: 'RS256' }]))).toBe('key_alg');
  });

  it('names a private key first, whatever else is wrong with it', () => {
    expect(pastedKeysProblem(set([ec, { ...rsa, kid: undefined, alg: 'RS256', d: 'c2VjcmV0' }]))).toBe(
      'private_key_given',
    );
    expect(pastedKeysProblem(JSON.stringify({ ...ec, d: 'c2VjcmV0' }))).toBe('private_key_given');
  });
});

describe('scopes', () => {
  it('groups the contracts’ scopes by resource in the table’s order, leaving none out', () => {
    const groups = scopeGroups();
    expect(groups.map((g) => g.resource)).toEqual([
      'Slot',
      'Schedule',
      'Appointment',
      'Encounter',
      'MedicationRequest',
      'Observation',
      'DiagnosticReport',
      'Patient',
      'Subscription',
    ]);
    expect(groups.flatMap((g) => g.scopes)).toEqual(SYSTEM_SCOPE_LIST);
  });

  it('orders a system’s scopes as the table does, any it no longer has last', () => {
    expect(orderedScopes(['system/Patient.r', 'system/Old.r', 'system/Slot.cruds'])).toEqual([
      'system/Slot.cruds',
      'system/Patient.r',
      'system/Old.r',
    ]);
  });
});
