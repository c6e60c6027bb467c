import { z } from 'zod';
import { isRealIsoDate } from './dates.js';
import { reasons } from './fields.js';
import { MAX_DEPOSIT_BAHT, MAX_SLOT_PLACES } from './schedules.js';

/*
 * What a hospital's own system may send to the FHIR API (R4) for its clinics' session lists and their slots: only the
 * fields the app keeps, each in FHIR's JSON shape. Anything else (another resourceType, an unknown field or extension)
 * is refused by name, so a system never believes the app stored something it dropped.
 */

/** The app's own code system for why a FHIR request was refused (`OperationOutcome.issue.details.coding.code`). */
export const FHIR_ERROR_SYSTEM = 'https://klaimor.app/fhir/CodeSystem/error';
/** SMART Scheduling Links: how many patients a slot takes. */
export const SLOT_CAPACITY_EXTENSION = 'http://fhir-registry.smarthealthit.org/StructureDefinition/slot-capacity';
/** The deposit a patient pays to book a slot of the schedule, in baht. */
export const DEPOSIT_EXTENSION = 'https://klaimor.app/fhir/StructureDefinition/deposit';
/** A clinic of the facility named by its queue letter ("A"), which never changes once given. */
export const CLINIC_IDENTIFIER_SYSTEM = 'https://klaimor.app/fhir/sid/clinic';

/** FHIR's `id`: what the app hands out is a uuid, but a system may write any id FHIR allows in a URL or body. */
export const FhirId = z.string({ error: reasons.required }).regex(/^[A-Za-z0-9\-.]{1,64}$/, {
  error: reasons.invalidReference,
});

/** FHIR `string`: no control characters but white space, never empty (PostgreSQL cannot keep a NUL either). */
export const fhirString = (max: number) =>
  z
    .string({ error: reasons.required })
    .min(1, { error: reasons.required })
    .max(max, { error: reasons.tooLong })
    .regex(/^[^\p{Cc}]*$/u, { error: reasons.invalidCharacters })
    .refine((v) => v.trim() !== '', { error: reasons.required });

const INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,9})?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/;

/** FHIR `instant`: a real date and time to the second, with its time zone. */
export const FhirInstant = z.string({ error: reasons.required }).refine(
  (v) => {
    const m = INSTANT.exec(v);
    return m !== null && isRealIsoDate(m[1]!) && !Number.isNaN(Date.parse(v));
  },
  { error: reasons.invalidDateTime },
);

/** FHIR `date` to the day, as a planning horizon is given. */
export const FhirDay = z.string({ error: reasons.required }).refine(isRealIsoDate, { error: reasons.invalidDate });

/** The hospital's own id of the resource: both parts, so that it names one resource at one facility. */
export const FhirIdentifier = z.strictObject({
  system: fhirString(200).regex(/^\S+$/, { error: reasons.invalidChoice }),
  value: fhirString(200),
});
export type FhirIdentifier = z.infer<typeof FhirIdentifier>;

/** The server keeps `meta` itself; a system sending back what it read is not refused for it. */
export const FhirMeta = z.strictObject({
  versionId: z.string().max(64).optional(),
  lastUpdated: z.string().max(64).optional(),
});

const identifiers = z.array(FhirIdentifier, { error: reasons.invalidChoice }).max(1, { error: reasons.tooLong });

/* ------------------------------------------------------------------ Schedule */

/** The clinic whose session list the schedule is: the facility's clinic with this queue letter. */
const ClinicActor = z.strictObject({
  type: z.literal('HealthcareService'),
  identifier: z.strictObject({
    system: z.literal(CLINIC_IDENTIFIER_SYSTEM, { error: reasons.invalidChoice }),
    value: z.string({ error: reasons.required }).regex(/^[A-Z]$/, { error: reasons.invalidChoice }),
  }),
  display: fhirString(200).optional(),
});

/** Who sees the patients, by name only: the app shows it to patients beside the time. */
const DoctorActor = z.strictObject({ type: z.literal('Practitioner'), display: fhirString(200) });

const ScheduleActor = z.discriminatedUnion('type', [ClinicActor, DoctorActor], { error: reasons.invalidChoice });

const DepositExtension = z.strictObject({
  url: z.literal(DEPOSIT_EXTENSION),
  valueMoney: z.strictObject({
    value: z
      .number({ error: reasons.required })
      .int({ error: reasons.invalidNumber })
      .min(0, { error: reasons.outOfRange })
      .max(MAX_DEPOSIT_BAHT, { error: reasons.outOfRange }),
    currency: z.literal('THB', { error: reasons.invalidChoice }),
  }),
});

/**
 * A clinic's session list as a hospital's system keeps it: the clinic (by its queue letter), who sees the patients,
 * the deposit its slots ask (the facility's own deposit when not given), whether it is offered, and the days it plans.
 */
export const FhirScheduleInput = z
  .strictObject({
    resourceType: z.literal('Schedule', { error: reasons.invalidChoice }),
    id: FhirId.optional(),
    meta: FhirMeta.optional(),
    identifier: identifiers.optional(),
    active: z.boolean({ error: reasons.invalidChoice }).optional(),
    actor: z.array(ScheduleActor, { error: reasons.required }).min(1, { error: reasons.required }),
    planningHorizon: z.strictObject({ start: FhirDay.optional(), end: FhirDay.optional() }).optional(),
    comment: fhirString(1000).optional(),
    extension: z
      .array(DepositExtension, { error: reasons.invalidChoice })
      .max(1, { error: reasons.tooLong })
      .optional(),
  })
  .superRefine((schedule, ctx) => {
    const clinics = schedule.actor.filter((a) => a.type === 'HealthcareService').length;
    const doctors = schedule.actor.filter((a) => a.type === 'Practitioner').length;
    if (clinics !== 1) ctx.addIssue({ code: 'custom', message: reasons.required, path: ['actor'] });
    else if (doctors > 1) ctx.addIssue({ code: 'custom', message: reasons.tooLong, path: ['actor'] });
    const { start, end } = schedule.planningHorizon ?? {};
    if (start && end && end < start) {
      ctx.addIssue({ code: 'custom', message: reasons.endBeforeStart, path: ['planningHorizon', 'end'] });
    }
  });
export type FhirScheduleInput = z.infer<typeof FhirScheduleInput>;

/* ------------------------------------------------------------------ Slot */

const CapacityExtension = z.strictObject({
  url: z.literal(SLOT_CAPACITY_EXTENSION),
  valueInteger: z
    .number({ error: reasons.required })
    .int({ error: reasons.invalidNumber })
    .min(1, { error: reasons.outOfRange })
    .max(MAX_SLOT_PLACES, { error: reasons.outOfRange }),
});

/**
 * What a slot's status says on the way in: `free` and `busy` both offer it (whether it is full is the app's to say,
 * from the places taken); `busy-unavailable` withdraws it, and the patients already in it keep their places.
 */
export const FHIR_SLOT_STATUSES = ['free', 'busy', 'busy-unavailable'] as const;
export type FhirSlotStatus = (typeof FHIR_SLOT_STATUSES)[number];

/** A bookable time of a schedule: when, how many patients it takes, whether it is offered. */
export const FhirSlotInput = z
  .strictObject({
    resourceType: z.literal('Slot', { error: reasons.invalidChoice }),
    id: FhirId.optional(),
    meta: FhirMeta.optional(),
    identifier: identifiers.optional(),
    schedule: z.strictObject({
      reference: z
        .string({ error: reasons.required })
        .regex(/^Schedule\/[A-Za-z0-9\-.]{1,64}$/, { error: reasons.invalidReference }),
      display: fhirString(200).optional(),
    }),
    status: z.enum(FHIR_SLOT_STATUSES, { error: reasons.invalidChoice }),
    start: FhirInstant,
    end: FhirInstant,
    extension: z
      .array(CapacityExtension, { error: reasons.invalidChoice })
      .max(1, { error: reasons.tooLong })
      .optional(),
  })
  .superRefine((slot, ctx) => {
    if (Date.parse(slot.end) <= Date.parse(slot.start)) {
      ctx.addIssue({ code: 'custom', message: reasons.endBeforeStart, path: ['end'] });
    }
  });
export type FhirSlotInput = z.infer<typeof FhirSlotInput>;
