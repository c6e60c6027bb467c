import { z } from 'zod';
import { KNOWN_INSURERS } from './coverage.js';
import { dataOf } from './envelope.js';
import { ClockTime, reasons, requiredText, wholeNumber } from './fields.js';
import { FacilityKind, HealthScheme } from './hospitals.js';
import { IsoWeekday, MAX_DEPOSIT_BAHT } from './schedules.js';
import { StaffEmail, StaffRole } from './staff.js';
import { REPLY_HOURS_MAX } from './messages.js';

const unique = <T>(list: T[]) => new Set(list).size === list.length;

/* ------------------------------------------------------------------ the facility's staff (admin) */

export const StaffMemberParams = z.strictObject({
  facilityId: z.string().min(1).max(100),
  memberId: z.uuid({ error: reasons.invalidChoice }),
});

/** The roles a member holds at one facility: at least one, each once. */
export const FacilityRoles = z
  .array(StaffRole, { error: reasons.required })
  .min(1, { error: reasons.required })
  .max(3, { error: reasons.invalidChoice })
  .refine(unique, { error: reasons.invalidChoice });

/** An admin invites someone by email, with the roles they will hold at this facility. */
export const InviteStaffBody = z.strictObject({
  email: StaffEmail,
  displayName: requiredText(200),
  roles: FacilityRoles,
});
export type InviteStaffBody = z.input<typeof InviteStaffBody>;

export const ChangeStaffRolesBody = z.strictObject({ roles: FacilityRoles });
export type ChangeStaffRolesBody = z.input<typeof ChangeStaffRolesBody>;

/**
 * `invited`: an enrolment link is waiting to be used; `invitation_expired`: the link ran out before it was used (a new
 * one can be issued); `active`: enrolled and may sign in; `slowed`: failed tries at the account are recent enough that
 * sign-ins have to wait (until `signInWaitUntil`) and each further failure waits longer; an admin can end that.
 */
export const StaffMemberStatus = z.enum(['invited', 'invitation_expired', 'active', 'slowed']);
export type StaffMemberStatus = z.infer<typeof StaffMemberStatus>;

export const FacilityStaffMember = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  /** The roles held at this facility (roles elsewhere are not shown). */
  roles: z.array(StaffRole),
  status: StaffMemberStatus,
  /** When the newest unused enrolment link runs out (or ran out); null once enrolled. */
  invitationExpiresAt: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  /** When the account's slowest sign-in wait ends, while it lasts (a `slowed` member without one: the next failure waits). */
  signInWaitUntil: z.string().nullable(),
  /** The signed-in admin themself. */
  isYou: z.boolean(),
});
export type FacilityStaffMember = z.infer<typeof FacilityStaffMember>;
export const FacilityStaffReply = dataOf(FacilityStaffMember);

/**
 * The member after an invitation or a new link. `enrolmentLink` is shown once, to be passed on by the admin: null when
 * none was issued (someone already enrolled who simply gains roles here).
 */
export const StaffInvitation = z.object({
  member: FacilityStaffMember,
  enrolmentLink: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type StaffInvitation = z.infer<typeof StaffInvitation>;
export const StaffInvitationReply = dataOf(StaffInvitation);

/* ------------------------------------------------------------------ facility settings (admin) */

/** A facility's phone as Thais write it (02-419-7000, 081 234 5678, 1669): stored as its digits. */
export const FacilityPhone = z
  .string({ error: reasons.invalidPhone })
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^(0\d{8,9}|1\d{3})$/, { error: reasons.invalidPhone }));

/** One weekday's opening, `opens` before `closes` on the same day. */
export const OpeningDay = z
  .strictObject({ weekday: IsoWeekday, opens: ClockTime, closes: ClockTime })
  .refine((d) => d.opens < d.closes, { error: reasons.endBeforeStart, path: ['closes'] });
export type OpeningDay = z.infer<typeof OpeningDay>;

/**
 * Opening hours as an admin sets them: open day and night, or one opening per weekday (a day not listed is closed), or
 * not stated. Stored in the directory in OpenStreetMap's opening_hours syntax (`24/7`, `Mo-Fr 08:00-16:00; Sa 08:00-12:00`).
 */
export const OpeningHours = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('always') }),
    z.strictObject({
      kind: z.literal('weekly'),
      days: z
        .array(OpeningDay, { error: reasons.required })
        .min(1, { error: reasons.required })
        .max(7, { error: reasons.invalidChoice })
        .refine((days) => unique(days.map((d) => d.weekday)), { error: reasons.invalidChoice }),
    }),
    z.strictObject({ kind: z.literal('not_stated') }),
  ],
  { error: reasons.invalidChoice },
);
export type OpeningHours = z.infer<typeof OpeningHours>;

/** Whether the facility runs an emergency department open 24 hours (a pharmacy runs none). */
export const Emergency24h = z.boolean({ error: reasons.invalidChoice });

export const FacilitySettingsBody = z.strictObject({
  phone: FacilityPhone.nullable(),
  /** Outpatient (OPD) hours. */
  openingHours: OpeningHours,
  emergency24h: Emergency24h,
  schemes: z
    .array(HealthScheme, { error: reasons.invalidChoice })
    .max(4)
    .refine(unique, { error: reasons.invalidChoice }),
  /** Private insurers whose cards are accepted, by the directory's names (see KNOWN_INSURERS). */
  insurers: z
    .array(z.string().trim().min(1, { error: reasons.required }).max(100, { error: reasons.tooLong }), {
      error: reasons.invalidChoice,
    })
    .max(30, { error: reasons.tooLong })
    .refine(unique, { error: reasons.invalidChoice }),
  /** The deposit a new screening session starts from, in baht; each session keeps its own. */
  depositAmount: wholeNumber(0, MAX_DEPOSIT_BAHT),
  /** The time the facility's team answers patients' messages in, in hours, shown before a patient writes; or none stated. */
  replyWithinHours: wholeNumber(1, REPLY_HOURS_MAX).nullable().default(null),
  /** A pharmacy taking part in the "รับยาใกล้บ้าน" scheme: hospitals' repeat prescriptions may be picked up here. */
  nearHomePharmacy: z.boolean({ error: reasons.invalidChoice }).default(false),
});
export type FacilitySettingsBody = z.input<typeof FacilitySettingsBody>;

export const FacilitySettings = z.object({
  id: z.string(),
  nameTh: z.string(),
  nameEn: z.string(),
  /** A pharmacy sets no emergency department (nor a deposit). */
  kind: FacilityKind,
  phone: z.string().nullable(),
  /** Outpatient (OPD) hours. */
  openingHours: OpeningHours,
  /**
   * The directory's opening hours as stored, when they say more than the form can show (several openings a day,
   * holidays): kept until the admin saves new hours.
   */
  openingHoursText: z.string().nullable(),
  emergency24h: z.boolean(),
  schemes: z.array(HealthScheme),
  insurers: z.array(z.string()),
  depositAmount: z.number().int(),
  replyWithinHours: z.number().int().nullable(),
  nearHomePharmacy: z.boolean(),
  /** A deposit needs a PromptPay account to receive it; the account itself is set up with the app's operator. */
  receivesDeposits: z.boolean(),
  updatedAt: z.string(),
});
export type FacilitySettings = z.infer<typeof FacilitySettings>;
export const FacilitySettingsReply = dataOf(FacilitySettings);

export const KNOWN_INSURER_IDS: readonly string[] = KNOWN_INSURERS.map((i) => i.id);
