import { z } from 'zod';
import { dataOf } from './envelope.js';
import { reasons, requiredText } from './fields.js';
import { FacilityKind, PositionFlag } from './hospitals.js';
import { Emergency24h, FacilityPhone, OpeningHours } from './staff-admin.js';
import { StaffEmail } from './staff.js';
import { isValidThaiId } from './thai-id.js';

/** Thailand's extent with a margin: a point outside it is a slip of the operator's hand. */
export const THAILAND_BOUNDS = { minLat: 5.6, maxLat: 20.5, minLng: 97.3, maxLng: 105.7 } as const;

export const OPERATOR_PAGE = 50;

export const OperatorFacilityParams = z.strictObject({ facilityId: z.string().min(1).max(100) });

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Finding facilities: by name, MOPH code, district or province; and by what needs the operator's eye. */
export const OperatorFacilitiesQuery = z.strictObject({
  q: z.string().trim().max(100, { error: reasons.tooLong }).optional(),
  kind: FacilityKind.optional(),
  /** Only the facilities that take bookings in the app (true), or only those that do not (false). */
  takesBookings: flag.optional(),
  /** Only the facilities standing at their sub-district's point until someone places them. */
  flagged: flag.optional(),
  /** Hidden ones (closed, merged) are left out unless asked for. */
  hidden: flag.optional(),
  page: z.coerce
    .number({ error: reasons.invalidNumber })
    .int({ error: reasons.invalidNumber })
    .min(1, { error: reasons.outOfRange })
    .max(1000, { error: reasons.outOfRange })
    .default(1),
});
export type OperatorFacilitiesQuery = z.input<typeof OperatorFacilitiesQuery>;

/** `pending`: entered, not yet verified by scanning its QR; `verified`: deposits are paid to it. */
export const PromptPayState = z.enum(['none', 'pending', 'verified']);
export type PromptPayState = z.infer<typeof PromptPayState>;

export const HiddenReason = z.enum(['closed', 'duplicate']);
export type HiddenReason = z.infer<typeof HiddenReason>;

export const OperatorFacilitySummary = z.object({
  id: z.string(),
  nameTh: z.string(),
  kind: FacilityKind,
  district: z.string().nullable(),
  province: z.string().nullable(),
  mophCode: z.string().nullable(),
  takesBookings: z.boolean(),
  positionFlag: PositionFlag.nullable(),
  hiddenReason: HiddenReason.nullable(),
  promptPay: PromptPayState,
  /** Members holding the admin role there: none means nobody can run the facility in the app yet. */
  admins: z.number().int(),
});
export type OperatorFacilitySummary = z.infer<typeof OperatorFacilitySummary>;
export const OperatorFacilitiesReply = z.object({
  data: z.array(OperatorFacilitySummary),
  /** How many match, over every page. */
  total: z.number().int(),
});
export type OperatorFacilitiesReply = z.infer<typeof OperatorFacilitiesReply>;

export const OperatorFacility = OperatorFacilitySummary.extend({
  nameEn: z.string(),
  ownership: z.enum(['public', 'private']),
  address: z.string().nullable(),
  subdistrict: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  phone: z.string().nullable(),
  openingHours: OpeningHours,
  /** The stored hours when they say more than the form can show; kept until new hours are saved. */
  openingHoursText: z.string().nullable(),
  /** An emergency department open 24 hours, besides the (outpatient) opening hours. */
  emergency24h: z.boolean(),
  /** The verified PromptPay id deposits are paid to. */
  promptPayId: z.string().nullable(),
  /** An id entered and not yet verified, with the QR a patient would scan to pay it (EMVCo payload, no amount). */
  promptPayPending: z.object({ id: z.string(), qrPayload: z.string() }).nullable(),
  /** The fields the operator has corrected, which imports no longer overwrite. */
  corrected: z.array(z.string()),
  /** The facility a duplicate was merged into. */
  mergedInto: z.object({ id: z.string(), nameTh: z.string() }).nullable(),
  source: z.object({ name: z.string(), ref: z.string() }),
  /** Appointments still to come: a facility with any cannot be hidden or merged away until they are moved. */
  upcomingAppointments: z.number().int(),
});
export type OperatorFacility = z.infer<typeof OperatorFacility>;
export const OperatorFacilityReply = dataOf(OperatorFacility);

const latitude = z
  .number({ error: reasons.invalidNumber })
  .min(THAILAND_BOUNDS.minLat, { error: reasons.outOfRange })
  .max(THAILAND_BOUNDS.maxLat, { error: reasons.outOfRange });
const longitude = z
  .number({ error: reasons.invalidNumber })
  .min(THAILAND_BOUNDS.minLng, { error: reasons.outOfRange })
  .max(THAILAND_BOUNDS.maxLng, { error: reasons.outOfRange });

/** A correction: only the fields given change, and each becomes the operator's (imports leave it alone). */
export const CorrectFacilityBody = z
  .strictObject({
    nameTh: requiredText(200).optional(),
    nameEn: requiredText(200).optional(),
    kind: FacilityKind.optional(),
    position: z.strictObject({ lat: latitude, lng: longitude }).optional(),
    phone: FacilityPhone.nullable().optional(),
    openingHours: OpeningHours.optional(),
    emergency24h: Emergency24h.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: reasons.required });
export type CorrectFacilityBody = z.input<typeof CorrectFacilityBody>;

export const HideFacilityBody = z.strictObject({ hidden: z.boolean() });
export type HideFacilityBody = z.input<typeof HideFacilityBody>;

/** The facility in the URL is the duplicate; it is hidden and its registry facts join `into`. */
export const MergeFacilityBody = z.strictObject({
  into: z.string().trim().min(1, { error: reasons.required }).max(100),
});
export type MergeFacilityBody = z.input<typeof MergeFacilityBody>;

/** A facility's PromptPay id: its 13-digit tax id (a juristic person's or a government agency's), check digit right. */
export const PromptPayTaxId = z
  .string({ error: reasons.required })
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().refine(isValidThaiId, { error: reasons.invalidPromptPayId }));

export const SetPromptPayBody = z.strictObject({ promptPayId: PromptPayTaxId });
export type SetPromptPayBody = z.input<typeof SetPromptPayBody>;

/** The id the operator verifies must be the one shown to them: a change in between is refused. */
export const VerifyPromptPayBody = z.strictObject({ promptPayId: PromptPayTaxId });
export type VerifyPromptPayBody = z.input<typeof VerifyPromptPayBody>;

export const InviteFirstAdminBody = z.strictObject({ email: StaffEmail, displayName: requiredText(200) });
export type InviteFirstAdminBody = z.input<typeof InviteFirstAdminBody>;

export const FirstAdminInvitation = z.object({ email: z.string(), enrolmentLink: z.string(), expiresAt: z.string() });
export type FirstAdminInvitation = z.infer<typeof FirstAdminInvitation>;
export const FirstAdminInvitationReply = dataOf(FirstAdminInvitation);

export const OperatorMe = z.object({ id: z.uuid(), email: z.string(), displayName: z.string() });
export type OperatorMe = z.infer<typeof OperatorMe>;
export const OperatorMeReply = dataOf(OperatorMe);
