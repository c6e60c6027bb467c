import {
  holdsPrivateKeyParts,
  PublicJwks,
  SYSTEM_SCOPE_LIST,
  SYSTEM_SCOPES,
  type SystemClient,
  type SystemScope,
} from '@klaimor/contracts';
import { fieldMessage } from '../shared/staff-errors';
import type { StaffT } from '../shared/staff-format';

export type ScopeResource = (typeof SYSTEM_SCOPES)[SystemScope]['resource'];

/** Each scope of the contracts' table in the hospital's words (a new scope there asks for its words here). */
const SCOPE_WORDS = {
  'system/Slot.cruds': 'slot',
  'system/Schedule.cruds': 'schedule',
  'system/Appointment.rs': 'appointmentRead',
  'system/Appointment.u': 'appointmentStatus',
  'system/Encounter.cr': 'encounter',
  'system/MedicationRequest.cr': 'medicationRequest',
  'system/Observation.cr': 'observation',
  'system/DiagnosticReport.cr': 'diagnosticReport',
  'system/Patient.r': 'patient',
  'system/Subscription.cruds': 'subscription',
} as const satisfies Record<SystemScope, string>;

const RESOURCES = {
  Slot: 'systems.resources.Slot',
  Schedule: 'systems.resources.Schedule',
  Appointment: 'systems.resources.Appointment',
  Encounter: 'systems.resources.Encounter',
  MedicationRequest: 'systems.resources.MedicationRequest',
  Observation: 'systems.resources.Observation',
  DiagnosticReport: 'systems.resources.DiagnosticReport',
  Patient: 'systems.resources.Patient',
  Subscription: 'systems.resources.Subscription',
} as const satisfies Record<ScopeResource, string>;

export const isSystemScope = (scope: string): scope is SystemScope => Object.hasOwn(SYSTEM_SCOPES, scope);

/** What a scope lets the system do, in words: 'อ่านนัดหมาย'. */
export const scopeName = (t: StaffT, scope: SystemScope): string => t(`systems.scopes.${SCOPE_WORDS[scope]}.name`);

/** One line on what that means: 'อ่านและค้นหานัดหมายที่ผู้ป่วยจองไว้ที่โรงพยาบาลนี้'. */
export const scopeAbout = (t: StaffT, scope: SystemScope): string => t(`systems.scopes.${SCOPE_WORDS[scope]}.about`);

export const resourceName = (t: StaffT, resource: ScopeResource): string => t(RESOURCES[resource]);

/** The table's scopes grouped by the resource they are about, in the table's order. */
export function scopeGroups(): { resource: ScopeResource; scopes: SystemScope[] }[] {
  const groups: { resource: ScopeResource; scopes: SystemScope[] }[] = [];
  for (const scope of SYSTEM_SCOPE_LIST) {
    const { resource } = SYSTEM_SCOPES[scope];
    const group = groups.find((g) => g.resource === resource);
    if (group) group.scopes.push(scope);
    else groups.push({ resource, scopes: [scope] });
  }
  return groups;
}

/** A registered system's scopes in the table's order, any the table no longer has last. */
export const orderedScopes = (scopes: readonly string[]): string[] => [
  ...SYSTEM_SCOPE_LIST.filter((scope) => scopes.includes(scope)),
  ...scopes.filter((scope) => !isSystemScope(scope)),
];

type Jwk = NonNullable<SystemClient['jwks']>['keys'][number];

/** A pasted key's name and the algorithm it signs with: its own `alg`, else the one SMART asks of its type. */
export function keyOf(jwk: Jwk): { kid: string; alg: string } {
  const kid = typeof jwk.kid === 'string' ? jwk.kid : '—';
  if (typeof jwk.alg === 'string') return { kid, alg: jwk.alg };
  if (jwk.kty === 'RSA') return { kid, alg: 'RS384' };
  if (jwk.kty === 'EC') return { kid, alg: 'ES384' };
  return { kid, alg: typeof jwk.kty === 'string' ? jwk.kty : '—' };
}

/* ------------------------------------------------------------------ keys pasted into the form */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The key set a pasted text holds, as the body sends it; one key pasted on its own (an integrator often copies just
 * the key) is a set of one. Undefined when the text is not JSON.
 */
export function pastedKeySet(text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  return isRecord(parsed) && 'kty' in parsed && !('keys' in parsed) ? { keys: [parsed] } : parsed;
}

/** What can be wrong with pasted keys, each said in words of its own (`systems.keysErrors`). */
export const PASTED_KEYS_PROBLEMS = [
  'required',
  'not_json',
  'not_key_set',
  'private_key_given',
  'no_keys',
  'more_than_ten',
  'kid_missing',
  'duplicate_kid',
  'key_type',
  'key_alg',
  'unusable',
] as const;
export type PastedKeysProblem = (typeof PASTED_KEYS_PROBLEMS)[number];

/** The first thing the contract's PublicJwks refuses, as one of the problems above. */
function problemOfPath(path: readonly PropertyKey[], reason: string): PastedKeysProblem {
  const [top, , member] = path;
  if (top !== 'keys') return 'not_key_set';
  if (path.length === 1) {
    if (reason === 'too_long') return 'more_than_ten';
    if (reason === 'invalid_choice') return 'duplicate_kid';
    return 'no_keys';
  }
  if (member === 'kid') return 'kid_missing';
  if (member === 'kty') return 'key_type';
  if (member === 'alg') return 'key_alg';
  return 'not_key_set';
}

/**
 * What is wrong with the pasted keys, null when the contract takes them. A private key is named first, whatever else
 * is wrong with it: it must not stay here, and its owner needs a new pair.
 */
export function pastedKeysProblem(text: string): PastedKeysProblem | null {
  if (text.trim() === '') return 'required';
  const set = pastedKeySet(text);
  if (set === undefined) return 'not_json';
  if (!isRecord(set) || !Array.isArray(set.keys)) return 'not_key_set';
  if (set.keys.some((key) => isRecord(key) && holdsPrivateKeyParts(key))) return 'private_key_given';
  const parsed = PublicJwks.safeParse(set);
  if (parsed.success) return null;
  const [first] = parsed.error.issues;
  return first ? problemOfPath(first.path, first.message) : 'not_key_set';
}

const isPastedKeysProblem = (reason: string): reason is PastedKeysProblem =>
  (PASTED_KEYS_PROBLEMS as readonly string[]).includes(reason);

/**
 * The pasted keys' field's reason in words: the form's own problems, or the server's reasons (`invalid_choice` on a
 * key is one it cannot check a signature with: too short, or of another curve).
 */
export function pastedKeysMessage(t: StaffT, reason: string | undefined): string | undefined {
  if (reason === undefined) return undefined;
  if (isPastedKeysProblem(reason)) return t(`systems.keysErrors.${reason}`);
  if (reason === 'one_key_source') return t('systems.keysErrors.required');
  if (reason === 'invalid_choice') return t('systems.keysErrors.unusable');
  if (reason === 'too_long') return t('systems.keysErrors.more_than_ten');
  return fieldMessage(t, 'jwks', reason);
}

/** The key address's reason in words. */
export function jwksUrlMessage(t: StaffT, reason: string | undefined): string | undefined {
  switch (reason) {
    case undefined:
      return undefined;
    case 'required':
    case 'one_key_source':
      return t('systems.urlErrors.required');
    case 'invalid_choice':
      return t('systems.urlErrors.invalid');
    case 'insecure_url':
      return t('systems.urlErrors.insecure');
    default:
      return fieldMessage(t, 'jwksUrl', reason);
  }
}
