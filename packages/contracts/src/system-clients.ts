import { z } from 'zod';
import { dataOf } from './envelope.js';
import { reasons, requiredText } from './fields.js';

/* ------------------------------------------------------------------ what a hospital's system may be allowed */

/** SMART v2's permission letters, in the order its scope syntax requires them (`system/Slot.cruds`). */
export const SMART_PERMISSIONS = {
  c: 'create',
  r: 'read',
  u: 'update',
  d: 'delete',
  s: 'search',
} as const;
export type SmartPermission = keyof typeof SMART_PERMISSIONS;
export type FhirInteraction = (typeof SMART_PERMISSIONS)[SmartPermission];

/**
 * The one table of what a hospital's system may be allowed through the FHIR API, in SMART v2 scope syntax: the
 * resource and what each scope lets it do. An admin registers a system with some of these; the token endpoint grants
 * no other; the FHIR routes ask `systemScopeAllows`.
 */
export const SYSTEM_SCOPES = {
  /** Its own sessions' slots: publishing, changing and withdrawing the times patients may book. */
  'system/Slot.cruds': { resource: 'Slot', permissions: 'cruds' },
  /** The schedules (clinics' sessions) the slots belong to. */
  'system/Schedule.cruds': { resource: 'Schedule', permissions: 'cruds' },
  /** Reading the appointments patients booked here. */
  'system/Appointment.rs': { resource: 'Appointment', permissions: 'rs' },
  /** Changing an appointment's status (arrived, cancelled, fulfilled). */
  'system/Appointment.u': { resource: 'Appointment', permissions: 'u' },
  /** Sending the visit of a booked patient, and reading back what it sent (a token may ask for `.c` or `.r` alone). */
  'system/Encounter.cr': { resource: 'Encounter', permissions: 'cr' },
  /** Sending a prescription made at the visit, and reading it back. */
  'system/MedicationRequest.cr': { resource: 'MedicationRequest', permissions: 'cr' },
  /** Sending a result (a laboratory value, a vital sign), and reading it back. */
  'system/Observation.cr': { resource: 'Observation', permissions: 'cr' },
  /** Sending a report that groups results, and reading it back. */
  'system/DiagnosticReport.cr': { resource: 'DiagnosticReport', permissions: 'cr' },
  /** Reading the patients who booked here (to match them to the hospital's own record). */
  'system/Patient.r': { resource: 'Patient', permissions: 'r' },
  /** Asking to be told when a patient books or cancels here (a rest-hook to the hospital's own address). */
  'system/Subscription.cruds': { resource: 'Subscription', permissions: 'cruds' },
} as const satisfies Record<string, { resource: string; permissions: string }>;
export type SystemScope = keyof typeof SYSTEM_SCOPES;
export const SYSTEM_SCOPE_LIST = Object.keys(SYSTEM_SCOPES) as [SystemScope, ...SystemScope[]];

const SCOPE_SYNTAX = /^system\/([A-Za-z]+)\.(c?r?u?d?s?)$/;

/** A SMART v2 system scope read into its resource and permission letters; null when it is not one. */
export function parseSystemScope(scope: string): { resource: string; permissions: SmartPermission[] } | null {
  const match = SCOPE_SYNTAX.exec(scope);
  if (!match || !match[2]) return null;
  return { resource: match[1]!, permissions: [...match[2]] as SmartPermission[] };
}

/**
 * The scope granted for one requested: the request itself when a held scope covers it (the same resource and every
 * permission letter it asks for: `system/Slot.rs` within `system/Slot.cruds`), else null.
 */
export function grantableScope(requested: string, held: readonly string[]): string | null {
  const wanted = parseSystemScope(requested);
  if (!wanted) return null;
  const covered = held.some((scope) => {
    const have = parseSystemScope(scope);
    return have?.resource === wanted.resource && wanted.permissions.every((p) => have.permissions.includes(p));
  });
  return covered ? requested : null;
}

/** Whether the granted scopes let a system do `interaction` on `resource` (what the FHIR routes ask). */
export function systemScopeAllows(scopes: readonly string[], resource: string, interaction: FhirInteraction): boolean {
  return scopes.some((scope) => {
    const parsed = parseSystemScope(scope);
    return parsed?.resource === resource && parsed.permissions.some((p) => SMART_PERMISSIONS[p] === interaction);
  });
}

/* ------------------------------------------------------------------ registering a system (admin) */

/** A JSON Web Key's members that carry private or symmetric key material (RFC 7518 §6.2.2, §6.3.2, §6.4.1). */
const PRIVATE_KEY_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

/**
 * Whether a JSON Web Key carries private or symmetric key material. The admin's screen asks it first of pasted keys, so
 * a private key is named as such even when something else about it is wrong too.
 */
export const holdsPrivateKeyParts = (jwk: object): boolean => PRIVATE_KEY_MEMBERS.some((member) => member in jwk);

/**
 * A public key as the system publishes it (RFC 7517): an RSA or EC key with its `kid`, since the token endpoint finds
 * the key by the assertion's `kid`. A key holding private parts is refused: its owner must make a new pair, since
 * whoever saw this one could sign as the system.
 */
export const PublicJwk = z
  .looseObject({
    kty: z.enum(['RSA', 'EC'], { error: reasons.invalidChoice }),
    kid: requiredText(200),
    alg: z.enum(['RS384', 'ES384'], { error: reasons.invalidChoice }).optional(),
  })
  .refine((jwk) => !holdsPrivateKeyParts(jwk), { error: reasons.privateKeyGiven });
export type PublicJwk = z.infer<typeof PublicJwk>;

export const PublicJwks = z.strictObject({
  keys: z
    .array(PublicJwk, { error: reasons.required })
    .min(1, { error: reasons.required })
    .max(10, { error: reasons.tooLong })
    .refine((keys) => new Set(keys.map((k) => k.kid)).size === keys.length, { error: reasons.invalidChoice }),
});
export type PublicJwks = z.infer<typeof PublicJwks>;

const JwksUrl = z.url({ protocol: /^https?$/, error: reasons.invalidChoice }).max(2000, { error: reasons.tooLong });

/**
 * An admin registers a hospital's system: a name staff recognise, where its public keys are (an https address the
 * server reads them from, so the system can rotate them itself, or the keys inline), and what it may do here.
 */
export const RegisterSystemClientBody = z
  .strictObject({
    name: requiredText(200),
    jwksUrl: JwksUrl.optional(),
    jwks: PublicJwks.optional(),
    scopes: z
      .array(z.enum(SYSTEM_SCOPE_LIST, { error: reasons.invalidChoice }), { error: reasons.required })
      .min(1, { error: reasons.required })
      .refine((list) => new Set(list).size === list.length, { error: reasons.invalidChoice }),
  })
  .refine((body) => (body.jwksUrl === undefined) !== (body.jwks === undefined), {
    error: reasons.oneKeySource,
    path: ['jwksUrl'],
  });
export type RegisterSystemClientBody = z.input<typeof RegisterSystemClientBody>;
export type RegisteredSystemClient = z.output<typeof RegisterSystemClientBody>;

export const SystemClientParams = z.strictObject({
  facilityId: z.string().min(1).max(100),
  systemClientId: z.uuid({ error: reasons.invalidChoice }),
});

/** A registered system as the admin sees it: its public keys and what it may do; it has no secret to show. */
export const SystemClient = z.object({
  id: z.uuid(),
  name: z.string(),
  /** What the system puts in `iss` and `sub` of its assertions. */
  clientId: z.string(),
  jwksUrl: z.string().nullable(),
  jwks: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }).nullable(),
  scopes: z.array(z.string()),
  /** When an admin disabled it: its tokens stopped working then, and it gets no new ones. */
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type SystemClient = z.infer<typeof SystemClient>;

export const SystemClientsReply = dataOf(SystemClient);
export type SystemClientsReply = z.infer<typeof SystemClientsReply>;

/* ------------------------------------------------------------------ the token endpoint (OAuth 2.0) */

/** RFC 6749 §5.2's error codes, the only ones the token endpoint answers with. */
export const OAuthErrorCode = z.enum([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
]);
export type OAuthErrorCode = z.infer<typeof OAuthErrorCode>;

export const OAuthErrorReply = z.object({ error: OAuthErrorCode, error_description: z.string() });
export type OAuthErrorReply = z.infer<typeof OAuthErrorReply>;

export const SystemTokenReply = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
export type SystemTokenReply = z.infer<typeof SystemTokenReply>;
