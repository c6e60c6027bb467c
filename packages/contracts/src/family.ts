import { z } from 'zod';
import { dataOf } from './envelope.js';
import { Birthday, Gender, OtpCode, Postcode, ThaiMobile, requiredText } from './fields.js';
import { checkIdentityDocument, identityDocumentFields, whenAnObject } from './identity-document.js';

/**
 * Family care: a caregiver acts for a dependent (a child, an elderly parent) within a grant the dependent's side gave.
 *
 * Every patient route takes an optional `patient` query parameter naming whose data it is about (omitted: the
 * signed-in patient). The server checks it against the caller's active grants: no grant for that person is 404
 * `not_found`; a grant that does not cover the route is 403 `care_forbidden`. Routes about the caller's own account
 * (sign-in, notifications, consent to the terms, family links) refuse another person with 403 `care_forbidden`.
 */
export const PATIENT_SELECTOR = 'patient';

/** What a grant lets the caregiver do. Seeing covers every record; the others add acting on one part. */
export const CareScope = z.enum(['see', 'book', 'medicines', 'alerts']);
export type CareScope = z.infer<typeof CareScope>;
export const CARE_SCOPES = CareScope.options;

export const CareScopes = z.strictObject({
  /** See every record, and keep the dependent's rights, history and symptom notes. */
  see: z.boolean(),
  /** Book screenings, pay deposits, cancel; see appointments. */
  book: z.boolean(),
  /** Add, change and stop medicines; tick the daily checklist; see medicines and adherence. */
  medicines: z.boolean(),
  /** Be told when a dose is not ticked in time. */
  alerts: z.boolean(),
});
export type CareScopes = z.infer<typeof CareScopes>;

const someScope = (scopes: CareScopes) => scopes.see || scopes.book || scopes.medicines || scopes.alerts;

/** What the caregiver is to the dependent (FHIR RelatedPerson.relationship, v3 RoleCode). */
export const CareRelationship = z.enum(['parent', 'guardian', 'child', 'spouse', 'sibling', 'grandchild', 'relative']);
export type CareRelationship = z.infer<typeof CareRelationship>;

/** Minutes after a dose's time before the caregiver is told it was not ticked. */
export const MissedDoseAfterMinutes = z.number().int().min(15).max(240);
export const DEFAULT_MISSED_DOSE_AFTER_MINUTES = 60;

/** Age of majority in Thailand (Civil and Commercial Code s.19); under 10 a parent's consent is the consent (PDPA s.20). */
export const AGE_OF_MAJORITY = 20;
export const AGE_OF_OWN_CONSENT = 10;

/**
 * How the grant was given:
 * - `guardian`: the dependent is under 20 and the caregiver declared being their parent or legal guardian;
 * - `own_account`: an adult accepted an invitation in their own account, confirmed by a code to their own phone;
 * - `in_person`: an adult without the app read out a code sent to a mobile number they control, which becomes their
 *   sign-in number.
 */
export const CareBasis = z.enum(['guardian', 'own_account', 'in_person']);
export type CareBasis = z.infer<typeof CareBasis>;

/**
 * - `pending`: waiting for the dependent's consent (an adult's acceptance, or a minor's confirmation of a parent);
 * - `active`: in force; `revoked`: ended or declined;
 * - `suspended`: the minor reported it as "not my parent": no access at all until the app's operator has looked into it.
 */
export const CareLinkStatus = z.enum(['pending', 'active', 'suspended', 'revoked']);
export type CareLinkStatus = z.infer<typeof CareLinkStatus>;

export const CareLinkEvent = z.object({
  at: z.string(),
  /** `confirmed`: the minor confirmed a parent's request with the code sent to their own phone; `reported`: "not my parent". */
  action: z.enum(['invited', 'granted', 'confirmed', 'changed', 'revoked', 'declined', 'reported']),
  /** Who made it: the signed-in patient, or the other person of the link. */
  by: z.enum(['you', 'other']),
  scopes: CareScopes,
});
export type CareLinkEvent = z.infer<typeof CareLinkEvent>;

/** GET /api/family: the people the signed-in patient cares for and the people who care for them, with each grant. */
export const CareLink = z.object({
  id: z.string(),
  /** `caring_for`: the other person is the signed-in patient's dependent; `cared_for_by`: their caregiver. */
  direction: z.enum(['caring_for', 'cared_for_by']),
  person: z.object({
    id: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    birthday: z.string(),
    /** The dependent's mobile number, for the caregiver to call; null without one, and never shown the other way. */
    phone: z.string().nullable(),
    /** True when the person can sign in themselves (has a number of their own). */
    hasOwnSignIn: z.boolean(),
    /**
     * True when the signed-in patient holds this profile: they registered it, it cannot sign in, and so they manage what
     * only its owner could (its reminder settings and notifications, its contact details, deleting it).
     */
    youHold: z.boolean(),
  }),
  relationship: CareRelationship,
  basis: CareBasis,
  status: CareLinkStatus,
  scopes: CareScopes,
  missedDoseAfterMinutes: z.number().int(),
  /** Whether the signed-in patient may widen the grant (the grantor) and may end it. Narrowing is open to both. */
  canWiden: z.boolean(),
  canRevoke: z.boolean(),
  /** A pending invitation waiting for the signed-in patient's answer. */
  awaitingYourAnswer: z.boolean(),
  /**
   * A parent's pending request to a minor with an account of their own, seen by the parent: the minor confirms it with
   * the code sent to their phone (POST /api/family/links/:id/code, then /confirm with the code the child reads out).
   */
  awaitingChildsCode: z.boolean(),
  /** The signed-in minor may report a parent's link as "not my parent" (POST /api/family/links/:id/report). */
  canReport: z.boolean(),
  createdAt: z.string(),
  events: z.array(CareLinkEvent),
});
export type CareLink = z.infer<typeof CareLink>;
export const CareLinksReply = dataOf(CareLink);

const scopesWithSome = CareScopes.refine(someScope, { message: 'no_scope', path: ['see'] });

/**
 * POST /api/family/dependents: register a dependent without an account of their own, held under the caregiver.
 * Under 20: `guardianDeclared` must be true (the caregiver is their parent or legal guardian). 20 or more: `phone` is a
 * mobile number the dependent controls and `code` the one-time code sent to it (POST /api/family/consent-code) that
 * the dependent read out; the number becomes the dependent's own sign-in number.
 */
export const AddDependentBody = z
  .strictObject({
    ...identityDocumentFields,
    firstname: requiredText(100),
    lastname: requiredText(100),
    gender: Gender.optional(),
    birthday: Birthday,
    address: requiredText(300),
    subdistrist: requiredText(100),
    district: requiredText(100),
    province: requiredText(100),
    postcode: Postcode,
    relationship: CareRelationship,
    scopes: scopesWithSome,
    guardianDeclared: z.boolean().optional(),
    phone: ThaiMobile.optional(),
    code: OtpCode.optional(),
  })
  .check(z.superRefine(checkIdentityDocument, whenAnObject));
export type AddDependentInput = z.input<typeof AddDependentBody>;
export type AddDependent = z.output<typeof AddDependentBody>;

/** POST /api/family/consent-code: a code to the number an adult dependent controls, for them to read out. 202. */
export const CareConsentCodeBody = z.strictObject({ phone: ThaiMobile });
export type CareConsentCodeInput = z.input<typeof CareConsentCodeBody>;

/**
 * POST /api/family/invitations: ask a person who has an account (found by their mobile number) to let the caller care
 * for them. An adult answers in their own account. For someone under 20, the caller declares parenthood or legal
 * guardianship, and the child confirms it: with the code sent to the child's own phone naming the caller (read out to
 * the parent, who sends it to /confirm), or by accepting in their own account. Until then the link opens nothing.
 */
export const CareInvitationBody = z.strictObject({
  phone: ThaiMobile,
  relationship: CareRelationship,
  scopes: scopesWithSome,
  guardianDeclared: z.boolean().optional(),
});
export type CareInvitationInput = z.input<typeof CareInvitationBody>;

/**
 * POST /api/family/links/:id/code (no body, 202): a code to the invited patient's own phone, to accept the invitation
 * (asked by the invited patient), or to the minor's phone naming the parent who asks (asked by that parent).
 */
/** POST /api/family/links/:id/accept: accept with that code, choosing what the caregiver may do. */
export const AcceptCareBody = z.strictObject({ code: OtpCode, scopes: scopesWithSome });
export type AcceptCareInput = z.input<typeof AcceptCareBody>;

/** POST /api/family/links/:id/confirm: the parent confirms a minor's link with the code the minor read out. */
export const ConfirmCareBody = z.strictObject({ code: OtpCode });
export type ConfirmCareInput = z.input<typeof ConfirmCareBody>;

/**
 * POST /api/family/links/:id/report (no body): the minor says the person is not their parent or guardian. The link is
 * suspended at once (no access) and the app's operator is told.
 */

/** PATCH /api/family/links/:id: change what the grant allows, or when missed-dose alerts come. */
export const ChangeCareBody = z
  .strictObject({ scopes: scopesWithSome.optional(), missedDoseAfterMinutes: MissedDoseAfterMinutes.optional() })
  .refine((body) => body.scopes !== undefined || body.missedDoseAfterMinutes !== undefined, {
    message: 'required',
    path: ['scopes'],
  });
export type ChangeCareInput = z.input<typeof ChangeCareBody>;

/** POST /api/family/links/:id/revoke (no body): end the grant, or decline an invitation. */

/** Age in whole years on `today` (both YYYY-MM-DD). */
export function ageOn(birthday: string, today: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}
