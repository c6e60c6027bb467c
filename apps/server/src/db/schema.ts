import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The sign-in number; null for a dependent held by a caregiver who has no mobile number of their own (a child). */
    phone: text('phone').unique(),
    /** The document registered with: 'thai_id', 'foreign_id' (a foreigner's 13-digit ID) or 'passport'. */
    idType: text('id_type').notNull().default('thai_id'),
    /**
     * The 13-digit number of Thailand's civil registry, a Thai's or a foreigner's: one number space, so one account
     * per number whichever type it was registered as. Null for a passport.
     */
    thaiId: text('thai_id').unique(),
    passportNumber: text('passport_number'),
    /** The passport's issuing country, ISO 3166-1 alpha-3. */
    nationality: text('nationality'),
    email: text('email'),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    gender: text('gender'),
    birthday: date('birthday', { mode: 'string' }).notNull(),
    address: text('address').notNull(),
    subdistrict: text('subdistrict').notNull(),
    district: text('district').notNull(),
    province: text('province').notNull(),
    postcode: text('postcode').notNull(),
    bloodGroup: text('blood_group'),
    /** The latest consent to the terms and privacy notice (every one is kept in patient_consents). */
    consentVersion: text('consent_version'),
    consentGivenAt: timestamp('consent_given_at', { withTimezone: true }),
    /** The caregiver who registered this profile for a dependent (family care); null for a patient who registered. */
    heldBy: uuid('held_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A passport belongs to one account: its number within its issuing country.
    uniqueIndex('users_passport_unique').on(t.nationality, t.passportNumber),
    check(
      'users_identity_document',
      sql`(${t.idType} in ('thai_id', 'foreign_id') and ${t.thaiId} is not null and ${t.passportNumber} is null and ${t.nationality} is null)
        or (${t.idType} = 'passport' and ${t.thaiId} is null and ${t.passportNumber} is not null and ${t.nationality} is not null)`,
    ),
  ],
);

/** Each correction a patient made to their registered name, birth date or gender: which fields, and when. */
export const identityCorrections = pgTable(
  'identity_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fields: text('fields').array().notNull(),
    correctedAt: timestamp('corrected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('identity_corrections_user_idx').on(t.userId, t.correctedAt)],
);

/** Every consent a patient gave to the terms and privacy notice: which version, and when. */
export const patientConsents = pgTable(
  'patient_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A consent taken at a hospital's front desk for a patient without a smartphone: the facility and the staff member
     * who registered them (the patient read out the code sent to their own number). Null for a patient's own consent.
     */
    takenAtFacilityId: uuid('taken_at_facility_id').references((): AnyPgColumn => facilities.id),
    takenByMemberId: uuid('taken_by_member_id').references((): AnyPgColumn => staffMembers.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [index('patient_consents_user_idx').on(t.userId, t.givenAt)],
);

/** One-time codes sent by SMS; only a keyed hash of the code is kept. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    /**
     * What a correct code does: 'login' signs in or starts registering, 'delete_account' only confirms erasing the account,
     * 'correct_identity' only confirms a correction of the registered name, birth date or gender.
     */
    purpose: text('purpose').notNull().default('login'),
    /** Keyed hash of the requesting client's IP, for the per-client limit. */
    clientKey: text('client_key').notNull(),
    /** Tries at this code so far, each counted before it is compared: a code is compared at most OTP_MAX_ATTEMPTS times. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('otp_codes_phone_created_idx').on(t.phone, t.createdAt),
    index('otp_codes_client_created_idx').on(t.clientKey, t.createdAt),
  ],
);

/** Proof that a phone number passed its code, valid for a short while to finish registering. */
export const phoneVerifications = pgTable('phone_verifications', {
  tokenHash: text('token_hash').primaryKey(),
  phone: text('phone').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Hospitals, clinics and pharmacies patients can find on the map. */
/** The `cube` extension's type, used here for 3-dimensional points. */
const cube = customType<{ data: string }>({ dataType: () => 'cube' });

/**
 * The words a facility's Thai name starts with that say its kind (โรงพยาบาล…, สถานีอนามัย…), as a PostgreSQL regular
 * expression anchored at the start: the search matches the rest of the name on its own too.
 */
export const KIND_WORDS =
  '^(โรงพยาบาลส่งเสริมสุขภาพตำบล|โรงพยาบาล|สถานีอนามัย|ศูนย์สุขภาพชุมชน|ศูนย์บริการสาธารณสุข|สถานบริการสาธารณสุขชุมชน|คลินิก|ร้านยา)\\s*';

export const facilities = pgTable(
  'facilities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The id the outside world uses: a slug from the seed file or the source (osm-node-123). */
    stableId: text('stable_id').notNull().unique(),
    mophCode: text('moph_code').unique(),
    nameTh: text('name_th').notNull(),
    nameEn: text('name_en').notNull(),
    kind: text('kind').notNull(),
    ownership: text('ownership').notNull(),
    address: text('address'),
    subdistrict: text('subdistrict'),
    district: text('district'),
    province: text('province'),
    /** The sub-district, district and province in English, from the sub-district table (null where it has none). */
    subdistrictEn: text('subdistrict_en'),
    districtEn: text('district_en'),
    provinceEn: text('province_en'),
    postcode: text('postcode'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /**
     * Why the point is not the source's own: 'other_province' (it fell in another province than the facility's code
     * says), 'far_from_subdistrict' (over 30 km from its own sub-district) or 'no_point' (the source gave none). Such
     * a facility stands at its sub-district's reference point until an operator places it.
     */
    positionFlag: text('position_flag'),
    /** The MOPH registry's type code (hostype: 05 regional hospital, 18 รพ.สต., …), null for rows from elsewhere. */
    mophType: text('moph_type'),
    beds: integer('beds'),
    /** The registry's service level (level_service), as it writes it. */
    serviceLevel: text('service_level'),
    /**
     * Whether patients can book here in the app: the facility has a schedule (kept by a trigger on schedule_templates,
     * migration 0021). The registry's thousands take no bookings until a hospital publishes its sessions.
     */
    takesBookings: boolean('takes_bookings').notNull().default(false),
    /**
     * (x, y, z) on the unit sphere, kept in step with lat/lng by the database: the straight-line distance between two
     * such points orders places exactly as their great-circle distance does, so the nearest-first index needs no re-ranking.
     */
    globePosition: cube('globe_position')
      .generatedAlwaysAs(
        sql`cube(array[cos(radians(lat)) * cos(radians(lng)), cos(radians(lat)) * sin(radians(lng)), sin(radians(lat))])`,
      )
      .notNull(),
    phone: text('phone'),
    /** Outpatient (OPD) hours, in OpenStreetMap's opening_hours syntax. */
    openingHours: text('opening_hours'),
    /**
     * An emergency department open 24 hours, whatever the outpatient hours say: a hospital whose OPD closes at 16:00
     * still takes patients at night. From OSM's `emergency=yes` on import, else false until the facility or the
     * operator sets it.
     */
    emergency24h: boolean('emergency_24h').notNull().default(false),
    /** The time the facility's team answers patients' messages in, in hours, as its admin states it; null: not stated. */
    messageReplyHours: integer('message_reply_hours'),
    /**
     * A pharmacy taking part in the national "รับยาใกล้บ้าน" scheme: patients may have a hospital's repeat prescription
     * ready there. Its admin says so in the facility's settings; only a pharmacy may.
     */
    nearHomePharmacy: boolean('near_home_pharmacy').notNull().default(false),
    schemes: text('schemes')
      .array()
      .notNull()
      .default(sql`'{}'`),
    insurers: text('insurers')
      .array()
      .notNull()
      .default(sql`'{}'`),
    depositAmount: integer('deposit_amount').notNull().default(0),
    /** The PromptPay id (a 13-digit tax id) deposits are paid to: set here only once the operator has verified it. */
    promptpayId: text('promptpay_id'),
    /** An id the operator has entered and not yet verified (by scanning its QR): deposits never go to it. */
    promptpayPendingId: text('promptpay_pending_id'),
    /**
     * The fields the app's operator has corrected (nameTh, nameEn, kind, position, phone, openingHours, emergency24h,
     * promptpayId): the seed file and the directory import no longer overwrite them.
     */
    operatorCorrected: text('operator_corrected')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Closed, or a duplicate merged into another: kept for the appointments it has, left out of the directory. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    mergedInto: uuid('merged_into').references((): AnyPgColumn => facilities.id),
    /**
     * When the facility's admin last saved its settings (phone, hours, emergency department, schemes, insurers,
     * deposit): from then on the hospital's own values win over the seed file and the directory import.
     */
    settingsChangedAt: timestamp('settings_changed_at', { withTimezone: true }),
    sourceName: text('source_name').notNull(),
    sourceRef: text('source_ref').notNull(),
    sourceLicence: text('source_licence').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What a patient's search matches by name, kept by the database: the Thai name, the same without the word for its
     * kind (so "ศิริราช" stands as a word of its own for the fuzzy match) and the English name. Trigram-indexed
     * (migration 0023), read by hospitals.repository.ts.
     */
    searchName: text('search_name')
      .generatedAlwaysAs(
        sql`name_th || ' ' || regexp_replace(name_th, ${sql.raw(`'${KIND_WORDS}'`)}, '') || ' ' || name_en`,
      )
      .notNull(),
    /** The sub-district, district and province in Thai and English, for a search by place; trigram-indexed too. */
    searchPlace: text('search_place')
      .generatedAlwaysAs(
        sql`coalesce(subdistrict, '') || ' ' || coalesce(district, '') || ' ' || coalesce(province, '') || ' ' || coalesce(subdistrict_en, '') || ' ' || coalesce(district_en, '') || ' ' || coalesce(province_en, '')`,
      )
      .notNull(),
    /**
     * What the directory lists of the facility, as one JSON value written by the facilities_directory_entry trigger on
     * every insert and update: a page of nearest places is then read without building JSON row by row.
     */
    directoryEntry: json('directory_entry'),
  },
  (t) => [
    index('facilities_globe_position_idx').using('gist', t.globePosition),
    // The nearest places taking bookings (other slots after a cancellation), without walking the registry's thousands.
    index('facilities_bookable_globe_position_idx')
      .using('gist', t.globePosition)
      .where(sql`${t.takesBookings} and ${t.hiddenAt} is null`),
    index('facilities_search_name_idx').using('gin', t.searchName.op('gin_trgm_ops')),
    index('facilities_search_place_idx').using('gin', t.searchPlace.op('gin_trgm_ops')),
    check('facilities_deposit_check', sql`${t.depositAmount} >= 0`),
    check('facilities_message_reply_hours_check', sql`${t.messageReplyHours} between 1 and 168`),
    check('facilities_near_home_pharmacy_check', sql`not ${t.nearHomePharmacy} or ${t.kind} = 'pharmacy'`),
    check('facilities_hidden_reason_check', sql`${t.hiddenReason} in ('closed', 'duplicate')`),
    check('facilities_hidden_check', sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
    check('facilities_merged_check', sql`(${t.mergedInto} is null) = (${t.hiddenReason} is distinct from 'duplicate')`),
    check(
      'facilities_position_flag_check',
      sql`${t.positionFlag} in ('other_province', 'far_from_subdistrict', 'no_point')`,
    ),
  ],
);

/** Which version of a shipped directory this database has loaded, so a server loads each one once. */
export const directoryLoads = pgTable('directory_loads', {
  source: text('source').primaryKey(),
  version: text('version').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A clinic or department of a facility (อายุรกรรม, กุมารเวช, ทันตกรรม …): its own sessions, and its own queue whose numbers
 * carry its letter ("A012"). The letter never changes once given, so a ticket already printed stays true.
 */
export const clinics = pgTable(
  'clinics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    queuePrefix: text('queue_prefix').notNull(),
    nameTh: text('name_th').notNull(),
    nameEn: text('name_en').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('clinics_facility_prefix_key').on(t.facilityId, t.queuePrefix),
    // The target of the sessions' and slots' (facility, clinic) keys: a clinic of another facility cannot be named.
    unique('clinics_facility_id_key').on(t.facilityId, t.id),
    check('clinics_queue_prefix_check', sql`${t.queuePrefix} ~ '^[A-Z]$'`),
  ],
);

/**
 * A facility's weekly schedule of a service (weekdays set, no date), or an extra session on one date (a date, no
 * weekdays). Each makes slots of `slot_minutes` from `session_start` to `session_end`, Bangkok time.
 */
export const scheduleTemplates = pgTable(
  'schedule_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    service: text('service').notNull().default('screening'),
    /** ISO weekdays: 1 Monday … 7 Sunday. */
    weekdays: smallint('weekdays')
      .array()
      .notNull()
      .default(sql`'{}'`),
    onDate: date('on_date', { mode: 'string' }),
    sessionStart: time('session_start').notNull(),
    sessionEnd: time('session_end').notNull(),
    slotMinutes: integer('slot_minutes').notNull(),
    places: integer('places').notNull(),
    clinicId: uuid('clinic_id').notNull(),
    clinician: text('clinician'),
    /** The staff member who sees the patients, when the clinician is one: their own day list shows these. */
    clinicianMemberId: uuid('clinician_member_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    depositAmount: integer('deposit_amount').notNull(),
    /** Slots exist up to this Bangkok date; housekeeping rolls it forward. */
    slotsMadeUntil: date('slots_made_until', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('schedule_templates_facility_idx').on(t.facilityId),
    foreignKey({
      name: 'schedule_templates_clinic_fk',
      columns: [t.facilityId, t.clinicId],
      foreignColumns: [clinics.facilityId, clinics.id],
    }),
    index('schedule_templates_slots_made_until_idx').on(t.slotsMadeUntil),
    check('schedule_templates_service_check', sql`${t.service} in ('screening')`),
    check('schedule_templates_weekdays_check', sql`${t.weekdays} <@ '{1,2,3,4,5,6,7}'::smallint[]`),
    check('schedule_templates_kind_check', sql`(${t.onDate} is null) = (cardinality(${t.weekdays}) > 0)`),
    check('schedule_templates_session_check', sql`${t.sessionEnd} > ${t.sessionStart}`),
    check('schedule_templates_slot_minutes_check', sql`${t.slotMinutes} between 5 and 480`),
    check('schedule_templates_places_check', sql`${t.places} between 1 and 500`),
    check('schedule_templates_deposit_check', sql`${t.depositAmount} >= 0`),
  ],
);

/** Days a facility is closed (a public holiday, or any other day): no slots are made or offered for them. */
export const scheduleClosures = pgTable(
  'schedule_closures',
  {
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    onDate: date('on_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.facilityId, t.onDate] })],
);

/**
 * Screening times a hospital offers; `taken` counts booked places and places held for a deposit. A slot no longer
 * offered (its template changed, its day closed) is withdrawn, not deleted: the patients already in it keep it.
 */
export const screeningSlots = pgTable(
  'screening_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id').references(() => scheduleTemplates.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    clinicId: uuid('clinic_id').notNull(),
    doctor: text('doctor').notNull(),
    doctorMemberId: uuid('doctor_member_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
    depositAmount: integer('deposit_amount').notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** The session list of a hospital's system the slot belongs to (FHIR Slot.schedule); null for the staff's slots. */
    systemScheduleId: uuid('system_schedule_id'),
    /** The hospital's own id of the slot (FHIR identifier): one slot per id at a facility. */
    identifierSystem: text('identifier_system'),
    identifierValue: text('identifier_value'),
    /**
     * FHIR's meta.versionId: one more with each change of the slot itself (its times, places, withdrawal), not with each
     * booking, so a system's If-Match is not made stale by patients booking the places it offers.
     */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('screening_slots_template_start_idx')
      .on(t.templateId, t.startsAt)
      .where(sql`${t.withdrawnAt} is null`),
    index('screening_slots_facility_start_idx').on(t.facilityId, t.startsAt),
    foreignKey({
      name: 'screening_slots_clinic_fk',
      columns: [t.facilityId, t.clinicId],
      foreignColumns: [clinics.facilityId, clinics.id],
    }),
    // The minute's appointment reminders find the slots starting two hours on.
    index('screening_slots_start_idx').on(t.startsAt),
    check('screening_slots_taken_check', sql`${t.taken} >= 0 and ${t.taken} <= ${t.capacity}`),
    // A system's slot is of a session list of the same facility.
    foreignKey({
      name: 'screening_slots_system_schedule_fk',
      columns: [t.facilityId, t.systemScheduleId],
      foreignColumns: [systemSchedules.facilityId, systemSchedules.id],
    }),
    index('screening_slots_system_schedule_idx')
      .on(t.systemScheduleId, t.startsAt)
      .where(sql`${t.systemScheduleId} is not null`),
    // A hospital sending its own slot again finds it here, however many times at once.
    uniqueIndex('screening_slots_identifier_idx')
      .on(t.facilityId, t.identifierSystem, t.identifierValue)
      .where(sql`${t.identifierValue} is not null`),
    check('screening_slots_identifier_check', sql`(${t.identifierSystem} is null) = (${t.identifierValue} is null)`),
  ],
);

export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Null once the patient deleted their account: an appointment with a money trail (a deposit paid or a
     * provider charge created) is kept, anonymised, as the payment record the accounting law asks for.
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => screeningSlots.id),
    status: text('status').notNull(),
    symptoms: text('symptoms').notNull(),
    duration: text('duration').notNull(),
    depositAmount: integer('deposit_amount').notNull(),
    depositExpiresAt: timestamp('deposit_expires_at', { withTimezone: true }).notNull(),
    depositPaidAt: timestamp('deposit_paid_at', { withTimezone: true }),
    /** Set when a paid deposit is owed back (cancelled in time, or paid after the hold ended); cleared never. */
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** A server asking the provider for this refund holds it until then; after that another may take it over. */
    refundClaimedUntil: timestamp('refund_claimed_until', { withTimezone: true }),
    /** Who cancelled a cancelled appointment, and the hospital's reason, which the patient is shown. */
    cancelledBy: text('cancelled_by'),
    cancelReason: text('cancel_reason'),
    /** The day's queue number, given at check-in: unique per clinic and Bangkok date, shown with the clinic's letter. */
    queueNumber: integer('queue_number'),
    queueDate: date('queue_date', { mode: 'string' }),
    queueClinicId: uuid('queue_clinic_id').references(() => clinics.id),
    paymentProvider: text('payment_provider').notNull(),
    paymentRef: text('payment_ref'),
    promptpayPayload: text('promptpay_payload'),
    qrImageUrl: text('qr_image_url'),
    idempotencyKey: text('idempotency_key').notNull(),
    /**
     * A booking the front desk made: 'paid', the deposit taken in cash at the desk (owed back at the desk, never through
     * the provider); 'waived', the hospital asked none (the amount is then 0). Null for a booking made in the app.
     */
    depositAtDesk: text('deposit_at_desk'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('appointments_user_idempotency_key').on(t.userId, t.idempotencyKey),
    check('appointments_deposit_at_desk_check', sql`${t.depositAtDesk} in ('paid', 'waived')`),
    index('appointments_user_idx').on(t.userId),
    index('appointments_awaiting_idx').on(t.status, t.depositExpiresAt),
    index('appointments_refunds_due_idx')
      .on(t.refundRequestedAt)
      .where(sql`${t.refundRequestedAt} is not null and ${t.refundedAt} is null`),
    // A provider's payment settles one appointment, found by its reference when the provider calls.
    unique('appointments_payment_ref').on(t.paymentProvider, t.paymentRef),
    check('appointments_cancelled_by_check', sql`${t.cancelledBy} in ('patient', 'hospital')`),
    uniqueIndex('appointments_queue_number_idx')
      .on(t.queueClinicId, t.queueDate, t.queueNumber)
      .where(sql`${t.queueNumber} is not null`),
    check('appointments_queue_check', sql`(${t.queueNumber} is null) = (${t.queueClinicId} is null)`),
    index('appointments_slot_idx').on(t.slotId),
  ],
);

/** The last queue number a clinic gave on a Bangkok date; check-in takes the next one by one atomic upsert. */
export const queueCounters = pgTable(
  'queue_counters',
  {
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    onDate: date('on_date', { mode: 'string' }).notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.onDate] })],
);

/**
 * The patient's hospital number (HN) at a facility, as its own system gave it: entered once at the desk and shown at
 * every later visit there. One patient per number and one number per patient at each facility.
 */
export const hospitalNumbers = pgTable(
  'hospital_numbers',
  {
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalNumber: text('hospital_number').notNull(),
    setBy: uuid('set_by').references(() => staffMembers.id, { onDelete: 'set null' }),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.facilityId, t.userId] }),
    uniqueIndex('hospital_numbers_number_idx').on(t.facilityId, t.hospitalNumber),
  ],
);

/** What the clinician recorded when the consultation ended; it joins the patient's history with the appointment. */
export const visitRecords = pgTable(
  'visit_records',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    /** What was found, in plain Thai words. */
    findings: text('findings').notNull(),
    icd10: text('icd10'),
    advice: text('advice'),
    followUpDate: date('follow_up_date', { mode: 'string' }),
    recordedBy: uuid('recorded_by').references(() => staffMembers.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /** 1 as first recorded, one more per correction: a correction names the version it read, so one of two at once wins. */
    version: integer('version').notNull().default(1),
    /** `final` as first recorded, `amended` once corrected, `entered_in_error` when it should never have been recorded. */
    status: text('status').notNull().default('final'),
    correctedAt: timestamp('corrected_at', { withTimezone: true }),
    correctionReason: text('correction_reason'),
    correctedBy: uuid('corrected_by').references(() => staffMembers.id),
    /** The hospital's own system that sent the visit (FHIR Encounter) instead of a member recording it. */
    recordedBySystem: uuid('recorded_by_system').references((): AnyPgColumn => systemClients.id),
    /** The facility whose system sent it, and its own id of the visit (FHIR identifier): one visit per id there. */
    facilityId: uuid('facility_id').references(() => facilities.id),
    identifierSystem: text('identifier_system'),
    identifierValue: text('identifier_value'),
  },
  (t) => [
    check('visit_records_status_check', sql`${t.status} in ('final', 'amended', 'entered_in_error')`),
    // A hospital sending its own visit again finds it here, however many times at once.
    uniqueIndex('visit_records_identifier_idx')
      .on(t.facilityId, t.identifierSystem, t.identifierValue)
      .where(sql`${t.identifierValue} is not null`),
    check(
      'visit_records_identifier_check',
      sql`(${t.identifierSystem} is null) = (${t.identifierValue} is null)
        and (${t.identifierValue} is null or ${t.facilityId} is not null)`,
    ),
  ],
);

/**
 * The versions of a visit record that corrections replaced, each as it stood. The current version stays in
 * visit_records, keyed by the appointment, so the history, the day list and the export keep reading one row per
 * visit; only the replaced ones come here (a table of their own rather than rows beside the current one, whose key is
 * the appointment).
 */
export const visitRecordVersions = pgTable(
  'visit_record_versions',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    status: text('status').notNull(),
    findings: text('findings').notNull(),
    icd10: text('icd10'),
    advice: text('advice'),
    followUpDate: date('follow_up_date', { mode: 'string' }),
    recordedBy: uuid('recorded_by').references(() => staffMembers.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    /** When the next version replaced it. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.version] })],
);

/** Every change of an appointment's status: when, by whom, from what to what. */
export const appointmentEvents = pgTable(
  'appointment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('appointment_events_appointment_idx').on(t.appointmentId)],
);

const patientId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Medical entitlements: Thai public schemes (scheme set) and private insurance plans (insurer and plan set). */
export const coverages = pgTable(
  'coverages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: patientId(),
    kind: text('kind').notNull(),
    /** Public schemes: 'ucs', 'sss', 'csmbs' or 'lgo', as facilities list them. */
    scheme: text('scheme'),
    /** Private plans: the insurer as facilities list it. */
    insurer: text('insurer'),
    planName: text('plan_name'),
    registeredFacility: text('registered_facility'),
    memberNumber: text('member_number'),
    coverageLimitBaht: integer('coverage_limit_baht'),
    networkNote: text('network_note'),
    description: text('description'),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('coverages_user_idx').on(t.userId),
    // One public scheme in force at a time: at most one without an end date (the service also refuses overlapping periods).
    uniqueIndex('coverages_one_open_public_scheme')
      .on(t.userId)
      .where(sql`${t.kind} = 'public' and ${t.validTo} is null`),
    check(
      'coverages_kind_check',
      sql`(${t.kind} = 'public' and ${t.scheme} is not null and ${t.insurer} is null and ${t.planName} is null)
        or (${t.kind} = 'private' and ${t.scheme} is null and ${t.insurer} is not null and ${t.planName} is not null)`,
    ),
    check(
      'coverages_period_check',
      sql`${t.validTo} is null or ${t.validFrom} is null or ${t.validTo} >= ${t.validFrom}`,
    ),
    check('coverages_limit_check', sql`${t.coverageLimitBaht} is null or ${t.coverageLimitBaht} >= 0`),
  ],
);

/** Treatment history the patient recorded; completed screenings are read from `appointments`, not copied here. */
export const visits = pgTable(
  'visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: patientId(),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    /** HH:MM in Thailand. */
    visitTime: text('visit_time'),
    facility: text('facility').notNull(),
    department: text('department'),
    doctor: text('doctor'),
    diagnosis: text('diagnosis'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('visits_user_date_idx').on(t.userId, t.visitDate)],
);

/** A medication and its daily schedule: units at each fixed dose time, plus one optional custom time. */
export const medications = pgTable(
  'medications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: patientId(),
    name: text('name').notNull(),
    /** WHO ATC code of a prescribed drug chosen from the list; null when written in words. */
    atcCode: text('atc_code'),
    strength: text('strength'),
    form: text('form').notNull(),
    afterBreakfast: integer('after_breakfast').notNull().default(0),
    afterLunch: integer('after_lunch').notNull().default(0),
    afterDinner: integer('after_dinner').notNull().default(0),
    beforeBed: integer('before_bed').notNull().default(0),
    customLabel: text('custom_label'),
    /** HH:MM in Thailand. */
    customTime: text('custom_time'),
    customAmount: integer('custom_amount'),
    /** 'after' or 'before': whether the three meal doses go after or before the meal. */
    mealTiming: text('meal_timing').notNull().default('after'),
    /** Every N hours from a first clock (HH:MM in Thailand), so many units each time; all three or none. */
    intervalHours: integer('interval_hours'),
    intervalFirstTime: text('interval_first_time'),
    intervalAmount: integer('interval_amount'),
    /** As needed: so many units a time, at most so many times a day, for a reason; never a due dose. */
    asNeededAmount: integer('as_needed_amount'),
    asNeededMaxPerDay: integer('as_needed_max_per_day'),
    asNeededReason: text('as_needed_reason'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** The last day a dose is due (Thai calendar date); null while it goes on. */
    endDate: date('end_date', { mode: 'string' }),
    instructions: text('instructions'),
    /** Units left; null when the patient does not count them. */
    stock: integer('stock'),
    /** Prescribed as long-term: the patient may ask the prescribing hospital for more (refill_requests). */
    longTerm: boolean('long_term').notNull().default(false),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    /** The hospital visit that prescribed it; null when the patient added it. */
    prescribedIn: uuid('prescribed_in').references(() => appointments.id, { onDelete: 'set null' }),
    /**
     * A prescription's correction. Each amendment is a new row (`version` one more) and the one it replaces is kept,
     * `amended`, with `replaced_by` naming it: ticks are keyed by the medication, so the days already taken stay with
     * the dose that was really prescribed then, and the new dose is due from the day of the correction. A corrected
     * row's doses end the day before its correction (`end_date`), which may be the day before it started: no dose is
     * due at all then.
     */
    recordStatus: text('record_status').notNull().default('final'),
    version: integer('version').notNull().default(1),
    replacedBy: uuid('replaced_by').references((): AnyPgColumn => medications.id, { onDelete: 'set null' }),
    correctedAt: timestamp('corrected_at', { withTimezone: true }),
    correctionReason: text('correction_reason'),
    correctedBy: uuid('corrected_by').references(() => staffMembers.id),
    /** The hospital's own system that sent the prescription (FHIR MedicationRequest); null when a member wrote it. */
    prescribedBySystem: uuid('prescribed_by_system').references((): AnyPgColumn => systemClients.id),
    /** The facility whose system sent it, and its own id of the prescription (FHIR identifier): one per id there. */
    facilityId: uuid('facility_id').references(() => facilities.id),
    identifierSystem: text('identifier_system'),
    identifierValue: text('identifier_value'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('medications_user_idx').on(t.userId),
    uniqueIndex('medications_identifier_idx')
      .on(t.facilityId, t.identifierSystem, t.identifierValue)
      .where(sql`${t.identifierValue} is not null`),
    check(
      'medications_identifier_check',
      sql`(${t.identifierSystem} is null) = (${t.identifierValue} is null)
        and (${t.identifierValue} is null or ${t.facilityId} is not null)`,
    ),
    check(
      'medications_doses_check',
      sql`${t.afterBreakfast} >= 0 and ${t.afterLunch} >= 0 and ${t.afterDinner} >= 0 and ${t.beforeBed} >= 0`,
    ),
    check(
      'medications_custom_check',
      sql`(${t.customLabel} is null and ${t.customTime} is null and ${t.customAmount} is null)
        or (${t.customLabel} is not null and ${t.customTime} is not null and ${t.customAmount} > 0)`,
    ),
    check(
      'medications_period_check',
      sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate} or (${t.recordStatus} <> 'final' and ${t.endDate} = ${t.startDate} - 1)`,
    ),
    check('medications_record_status_check', sql`${t.recordStatus} in ('final', 'amended', 'entered_in_error')`),
    check('medications_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
    check('medications_meal_timing_check', sql`${t.mealTiming} in ('after', 'before')`),
    check(
      'medications_interval_check',
      sql`(${t.intervalHours} is null and ${t.intervalFirstTime} is null and ${t.intervalAmount} is null)
        or (${t.intervalHours} in (4, 6, 8, 12) and ${t.intervalFirstTime} is not null and ${t.intervalAmount} > 0)`,
    ),
    check(
      'medications_as_needed_check',
      sql`(${t.asNeededAmount} is null and ${t.asNeededMaxPerDay} is null and ${t.asNeededReason} is null)
        or (${t.asNeededAmount} > 0 and ${t.asNeededMaxPerDay} > 0)`,
    ),
    // One way of taking it: an every-N-hours or as-needed medicine has no meal, bedtime or custom dose.
    check(
      'medications_one_way_check',
      sql`(${t.intervalHours} is null and ${t.asNeededAmount} is null)
        or (${t.afterBreakfast} = 0 and ${t.afterLunch} = 0 and ${t.afterDinner} = 0 and ${t.beforeBed} = 0
          and ${t.customLabel} is null and (${t.intervalHours} is null or ${t.asNeededAmount} is null))`,
    ),
  ],
);

/**
 * A dose marked taken: one row per medication, Thai calendar date and dose time (so ticking twice is one tick).
 * `stockTaken` is what the tick took from the medication's stock, given back exactly on untick.
 */
export const medicationTicks = pgTable(
  'medication_ticks',
  {
    medicationId: uuid('medication_id')
      .notNull()
      .references(() => medications.id, { onDelete: 'cascade' }),
    doseDate: date('dose_date', { mode: 'string' }).notNull(),
    doseTime: text('dose_time').notNull(),
    userId: patientId(),
    stockTaken: integer('stock_taken').notNull().default(0),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.medicationId, t.doseDate, t.doseTime] }),
    index('medication_ticks_user_date_idx').on(t.userId, t.doseDate),
    check('medication_ticks_stock_check', sql`${t.stockTaken} >= 0`),
    check(
      'medication_ticks_dose_time_check',
      sql`${t.doseTime} in ('afterBreakfast', 'afterLunch', 'afterDinner', 'beforeBed', 'custom',
        'every1', 'every2', 'every3', 'every4', 'every5', 'every6')`,
    ),
  ],
);

/**
 * One taking of an as-needed medicine. As many a day as the medication's `as_needed_max_per_day`: the free slot is
 * chosen under the medication's row lock, and the slot's unique index and check hold the maximum in the database.
 * `stockTaken` goes back on removal.
 */
export const asNeededTakes = pgTable(
  'as_needed_takes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    medicationId: uuid('medication_id')
      .notNull()
      .references(() => medications.id, { onDelete: 'cascade' }),
    userId: patientId(),
    /** The Thai calendar date it counts against. */
    doseDate: date('dose_date', { mode: 'string' }).notNull(),
    /**
     * Which of the day's allowed takings this is, 1 to `max_per_day` (the medication's maximum then): unique for the
     * medication and day, so the database itself refuses one past the maximum, whatever the code above it does.
     */
    slot: integer('slot').notNull(),
    maxPerDay: integer('max_per_day').notNull(),
    amount: integer('amount').notNull(),
    stockTaken: integer('stock_taken').notNull().default(0),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('as_needed_takes_slot_idx').on(t.medicationId, t.doseDate, t.slot),
    index('as_needed_takes_user_date_idx').on(t.userId, t.doseDate),
    check('as_needed_takes_amount_check', sql`${t.amount} > 0 and ${t.stockTaken} >= 0`),
    check('as_needed_takes_slot_check', sql`${t.slot} between 1 and ${t.maxPerDay}`),
  ],
);

/** The patient's symptom diary. Triage is computed when read, so better rules reach old notes too. */
export const symptomNotes = pgTable(
  'symptom_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: patientId(),
    noteDate: date('note_date', { mode: 'string' }).notNull(),
    /** HH:MM in Thailand. */
    noteTime: text('note_time'),
    symptoms: text('symptoms').notNull(),
    severity: integer('severity').notNull(),
    temperatureC: doublePrecision('temperature_c'),
    systolic: integer('systolic'),
    diastolic: integer('diastolic'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('symptom_notes_user_date_idx').on(t.userId, t.noteDate),
    check('symptom_notes_severity_check', sql`${t.severity} between 0 and 10`),
    check('symptom_notes_pressure_check', sql`(${t.systolic} is null) = (${t.diastolic} is null)`),
    check('symptom_notes_temperature_check', sql`${t.temperatureC} is null or ${t.temperatureC} between 30 and 45`),
  ],
);

/**
 * Blood pressure, glucose and weight the patient (or a caregiver for them) measured at home. Which values a reading has
 * follows its kind, and each lies within what a home device can show (READING_LIMITS in the contracts): the database
 * holds both rules as well as the API, so no path writes a blood pressure without its diastolic or a glucose of 6000.
 * Flags and alerts are computed when read, so better thresholds reach old readings too.
 */
export const homeReadings = pgTable(
  'home_readings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: patientId(),
    kind: text('kind').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    /** mmHg and beats per minute. */
    systolic: integer('systolic'),
    diastolic: integer('diastolic'),
    pulse: integer('pulse'),
    /** mg/dL, and when it was taken ('fasting', 'after_meal', 'other'). */
    glucose: integer('glucose'),
    timing: text('timing'),
    weightKg: numeric('weight_kg', { precision: 4, scale: 1, mode: 'number' }),
    /** The caregiver who typed it in for the patient; null when the patient did (or that account is gone). */
    enteredBy: uuid('entered_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('home_readings_user_taken_idx').on(t.userId, t.takenAt),
    check('home_readings_kind_check', sql`${t.kind} in ('blood_pressure', 'glucose', 'weight')`),
    check(
      'home_readings_values_check',
      sql`case ${t.kind}
        when 'blood_pressure' then ${t.systolic} is not null and ${t.diastolic} is not null
          and ${t.glucose} is null and ${t.timing} is null and ${t.weightKg} is null
        when 'glucose' then ${t.glucose} is not null and ${t.timing} is not null
          and ${t.systolic} is null and ${t.diastolic} is null and ${t.pulse} is null and ${t.weightKg} is null
        else ${t.weightKg} is not null
          and ${t.systolic} is null and ${t.diastolic} is null and ${t.pulse} is null and ${t.glucose} is null and ${t.timing} is null
      end`,
    ),
    // READING_LIMITS: what a home device can show.
    check(
      'home_readings_limits_check',
      sql`(${t.systolic} is null or ${t.systolic} between 60 and 260)
        and (${t.diastolic} is null or (${t.diastolic} between 30 and 160 and ${t.diastolic} < ${t.systolic}))
        and (${t.pulse} is null or ${t.pulse} between 30 and 220)
        and (${t.glucose} is null or ${t.glucose} between 20 and 600)
        and (${t.weightKg} is null or ${t.weightKg} between 2 and 300)`,
    ),
    check('home_readings_timing_check', sql`${t.timing} in ('fasting', 'after_meal', 'other')`),
  ],
);

/** A patient's daily reminders to measure at home: HH:MM in Thailand per kind, null for none. */
export const readingReminders = pgTable(
  'reading_reminders',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    bloodPressure: text('blood_pressure'),
    glucose: text('glucose'),
    weight: text('weight'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'reading_reminders_clock_check',
      sql`${t.bloodPressure} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.glucose} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
        and ${t.weight} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
  ],
);

/**
 * Who wrote an allergy or a condition: the patient (both null), or a clinician of a facility (both set). A clinician's
 * entry stays however the member's roles change later, so the staff member is kept, not their membership.
 */
const recordedBy = () => ({
  recordedByMemberId: uuid('recorded_by_member_id').references(() => staffMembers.id),
  recordedAtFacilityId: uuid('recorded_at_facility_id').references(() => facilities.id),
});

/** The substances a patient reacts to (FHIR AllergyIntolerance), checked against every drug prescribed to them. */
export const allergies = pgTable(
  'allergies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: patientId(),
    substance: text('substance').notNull(),
    category: text('category').notNull(),
    reaction: text('reaction'),
    severity: text('severity').notNull(),
    ...recordedBy(),
    createdAt: createdAt(),
  },
  (t) => [
    index('allergies_user_idx').on(t.userId),
    check('allergies_category_check', sql`${t.category} in ('medication', 'food', 'environment')`),
    check('allergies_severity_check', sql`${t.severity} in ('mild', 'moderate', 'severe')`),
    check('allergies_recorded_by_check', sql`(${t.recordedByMemberId} is null) = (${t.recordedAtFacilityId} is null)`),
  ],
);

/** A patient's long-term conditions (FHIR Condition), coded in ICD-10 when chosen from the list or by a clinician. */
export const conditions = pgTable(
  'conditions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: patientId(),
    name: text('name').notNull(),
    icd10: text('icd10'),
    ...recordedBy(),
    createdAt: createdAt(),
  },
  (t) => [
    index('conditions_user_idx').on(t.userId),
    check('conditions_recorded_by_check', sql`(${t.recordedByMemberId} is null) = (${t.recordedAtFacilityId} is null)`),
  ],
);

/**
 * A test result (FHIR Observation): a LOINC-coded value in its UCUM unit, for a visit (the appointment), with the
 * reference range it was read against. Held from the patient until `released_at`: the clinician may explain it first.
 * eGFR and BMI rows are computed by the server from the same sitting's creatinine, or weight and height.
 */
export const labResults = pgTable(
  'lab_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: patientId(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id),
    code: text('code').notNull(),
    value: doublePrecision('value').notNull(),
    unit: text('unit').notNull(),
    refLow: doublePrecision('ref_low'),
    refHigh: doublePrecision('ref_high'),
    /** The day the sample was taken or the measure made (Thai calendar date). */
    takenOn: date('taken_on', { mode: 'string' }).notNull(),
    /** The member who recorded it, or (FHIR Observation) the facility's own system: one of the two. */
    recordedByMemberId: uuid('recorded_by_member_id').references(() => staffMembers.id),
    recordedBySystem: uuid('recorded_by_system').references((): AnyPgColumn => systemClients.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedByMemberId: uuid('released_by_member_id').references(() => staffMembers.id),
    /** A result the facility's system sent as final is released by it at once. */
    releasedBySystem: uuid('released_by_system').references((): AnyPgColumn => systemClients.id),
    /** The hospital's own id of a result its system sent (FHIR identifier): one result per id at the facility. */
    identifierSystem: text('identifier_system'),
    identifierValue: text('identifier_value'),
  },
  (t) => [
    index('lab_results_user_code_idx').on(t.userId, t.code, t.takenOn),
    index('lab_results_appointment_idx').on(t.appointmentId),
    check('lab_results_range_check', sql`${t.refLow} is null or ${t.refHigh} is null or ${t.refLow} <= ${t.refHigh}`),
    check(
      'lab_results_release_check',
      sql`(${t.releasedAt} is null) = (${t.releasedByMemberId} is null and ${t.releasedBySystem} is null)`,
    ),
    check('lab_results_recorded_by_check', sql`(${t.recordedByMemberId} is null) <> (${t.recordedBySystem} is null)`),
    uniqueIndex('lab_results_identifier_idx')
      .on(t.facilityId, t.identifierSystem, t.identifierValue)
      .where(sql`${t.identifierValue} is not null`),
    check('lab_results_identifier_check', sql`(${t.identifierSystem} is null) = (${t.identifierValue} is null)`),
  ],
);

/** Bytes; PGlite hands back a Uint8Array where node-postgres gives a Buffer: both read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A patient's conversation with one facility's care team. `last_from` and `last_message_at` are kept with each message
 * (the inbox sorts and filters on them); `patient_read_at` marks the staff messages the patient has opened.
 */
export const messageThreads = pgTable(
  'message_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: patientId(),
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id),
    subject: text('subject').notNull(),
    status: text('status').notNull().default('open'),
    assignedMemberId: uuid('assigned_member_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    lastFrom: text('last_from').notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    patientReadAt: timestamp('patient_read_at', { withTimezone: true }),
    /** A message of the patient's raised a red flag: the inbox shows it first. */
    redFlag: boolean('red_flag').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('message_threads_user_idx').on(t.userId, t.lastMessageAt),
    index('message_threads_inbox_idx').on(t.facilityId, t.status, t.lastMessageAt),
    check('message_threads_status_check', sql`${t.status} in ('open', 'done')`),
    check('message_threads_last_from_check', sql`${t.lastFrom} in ('patient', 'staff')`),
  ],
);

/** One message of a thread: the patient's (or a caregiver's for them) or a staff member's. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    from: text('from').notNull(),
    /** The account that wrote a patient's message: the patient, or a caregiver under a grant. */
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorMemberId: uuid('author_member_id').references(() => staffMembers.id),
    text: text('text').notNull(),
    /** The red-flag signs the text raised (ids of RED_FLAG_SIGNS), for the staff to see what the patient was told. */
    redFlags: text('red_flags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_thread_idx').on(t.threadId, t.createdAt),
    check('messages_from_check', sql`${t.from} in ('patient', 'staff')`),
    check('messages_author_check', sql`${t.from} = 'patient' or ${t.authorMemberId} is not null`),
  ],
);

/** A photo sent with a message: re-encoded on the server as JPEG, nothing kept but its pixels. */
export const messagePhotos = pgTable(
  'message_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    jpeg: bytea('jpeg').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [index('message_photos_message_idx').on(t.messageId)],
);

/**
 * A patient's request for more of a long-term medicine, to the hospital that prescribed it, and what became of it.
 * Each step is one guarded UPDATE (`where status = …`): of two clinicians approving at once, the second finds it
 * decided and changes nothing, so the medicine is extended once. One request may wait per medicine (the partial
 * unique index).
 */
export const refillRequests = pgTable(
  'refill_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: patientId(),
    medicationId: uuid('medication_id')
      .notNull()
      .references(() => medications.id, { onDelete: 'cascade' }),
    /** The prescribing hospital: its clinicians decide, its pharmacy dispenses. */
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id),
    /** The account that asked: the patient, or a caregiver under a grant. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('requested'),
    delivery: text('delivery').notNull(),
    /** The nearby pharmacy of the scheme, for `near_home_pharmacy`. */
    pharmacyId: uuid('pharmacy_id').references(() => facilities.id),
    /** Where a parcel goes (ShipTo): the patient's address as it stood when they asked, for `post`. */
    shipTo: jsonb('ship_to'),
    note: text('note'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => staffMembers.id),
    declineReason: text('decline_reason'),
    approvedDays: integer('approved_days'),
    /** The medicine's last day of supply after the approval (its new end date). */
    suppliedUntil: date('supplied_until', { mode: 'string' }),
    handedOverBy: uuid('handed_over_by').references(() => staffMembers.id),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** At the hospital's pharmacy: the day's queue number (pharmacy_queue_counters) and its Bangkok date. */
    pickupQueueNumber: integer('pickup_queue_number'),
    pickupDate: date('pickup_date', { mode: 'string' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    carrier: text('carrier'),
    carrierName: text('carrier_name'),
    trackingNumber: text('tracking_number'),
  },
  (t) => [
    index('refill_requests_user_idx').on(t.userId, t.requestedAt),
    index('refill_requests_facility_idx').on(t.facilityId, t.status, t.requestedAt),
    uniqueIndex('refill_requests_one_open_idx')
      .on(t.medicationId)
      .where(sql`${t.status} = 'requested'`),
    uniqueIndex('refill_requests_pickup_queue_idx')
      .on(t.facilityId, t.pickupDate, t.pickupQueueNumber)
      .where(sql`${t.pickupQueueNumber} is not null`),
    check(
      'refill_requests_status_check',
      sql`${t.status} in ('requested', 'approved', 'declined', 'cancelled', 'ready', 'sent')`,
    ),
    check('refill_requests_delivery_check', sql`${t.delivery} in ('hospital_pharmacy', 'near_home_pharmacy', 'post')`),
    check(
      'refill_requests_where_check',
      sql`(${t.pharmacyId} is not null) = (${t.delivery} = 'near_home_pharmacy') and (${t.shipTo} is not null) = (${t.delivery} = 'post')`,
    ),
    check(
      'refill_requests_approved_check',
      sql`${t.status} not in ('approved', 'ready', 'sent') or (${t.approvedDays} > 0 and ${t.suppliedUntil} is not null and ${t.decidedBy} is not null)`,
    ),
    check('refill_requests_declined_check', sql`${t.status} <> 'declined' or ${t.declineReason} is not null`),
    check(
      'refill_requests_ready_check',
      sql`${t.status} <> 'ready' or (${t.delivery} <> 'post' and ${t.readyAt} is not null
        and (${t.pickupQueueNumber} is not null) = (${t.delivery} = 'hospital_pharmacy'))`,
    ),
    check(
      'refill_requests_sent_check',
      sql`${t.status} <> 'sent' or (${t.delivery} = 'post' and ${t.sentAt} is not null and ${t.trackingNumber} is not null)`,
    ),
    check('refill_requests_carrier_check', sql`${t.carrier} in ('thailand_post', 'other')`),
  ],
);

/** The hospital pharmacy's pickup queue numbers of a day, handed out one at a time (as queue_counters for clinics). */
export const pharmacyQueueCounters = pgTable(
  'pharmacy_queue_counters',
  {
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    onDate: date('on_date', { mode: 'string' }).notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.facilityId, t.onDate] })],
);

/** Hospital staff: an identity of their own, never a patient account. */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Kept lower-cased; the unique index is on lower(email) all the same. */
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    /** `scrypt$N$r$p$salt$hash`; null until the member has enrolled. */
    passwordHash: text('password_hash'),
    /** The TOTP secret, AES-256-GCM under a key derived from SECRET_KEY (it must be read back to check codes). */
    totpSecretEnc: text('totp_secret_enc'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code of this step or an earlier one is refused. */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_members_email_idx').on(sql`lower(${t.email})`)],
);

/**
 * Failed staff sign-ins, counted per key and slowed with growing waits (NIST SP 800-63B, 5.2.2) rather than locked:
 * the key is an HMAC under SECRET_KEY of what was counted (the account from one client address or known device, a
 * client address across accounts, the account from unknown devices), never the address itself.
 */
export const staffSignInThrottles = pgTable(
  'staff_sign_in_throttles',
  {
    key: text('key').primaryKey(),
    /** The account the key counts tries at, so an admin can clear them; null for a client address across accounts. */
    memberId: uuid('member_id').references(() => staffMembers.id, { onDelete: 'cascade' }),
    /** Tries since the last success on this key (or since it was last quiet for a day). */
    tries: integer('tries').notNull(),
    lastTryAt: timestamp('last_try_at', { withTimezone: true }).notNull().defaultNow(),
    /** No try on this key is looked at before this instant. */
    waitUntil: timestamp('wait_until', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_sign_in_throttles_member_idx').on(t.memberId)],
);

/**
 * Devices a member has signed in from (the hash of a long-lived device cookie): tries from them are counted apart
 * from everyone else's, so a stranger's failures elsewhere never slow the member at their own desk.
 */
export const staffKnownDevices = pgTable(
  'staff_known_devices',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.deviceHash] })],
);

/**
 * The app's operators: staff identities (password and authenticator as any member) who keep the directory true. Being
 * one is a role of its own, at no facility: a facility's admin is not an operator, nor an operator any facility's staff.
 */
export const operators = pgTable('operators', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => staffMembers.id, { onDelete: 'cascade' }),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a member may do, facility by facility. */
export const staffRoles = pgTable(
  'staff_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('staff_roles_member_facility_role_key').on(t.memberId, t.facilityId, t.role),
    check('staff_roles_role_check', sql`${t.role} in ('admin', 'front_desk', 'clinician', 'pharmacist')`),
  ],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_sessions_member_idx').on(t.memberId)],
);

/** One-time links that let a member set a password and an authenticator. */
export const staffEnrolmentTokens = pgTable(
  'staff_enrolment_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_enrolment_tokens_member_idx').on(t.memberId)],
);

/** Codes usable once each in place of a TOTP code; only a keyed hash is kept. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_recovery_codes_member_idx').on(t.memberId, t.codeHash)],
);

/** What staff did, appended only: the code has no path that changes or removes a row. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The acting member; null when nobody known acted (a sign-in with an unknown email, the bootstrap command). */
    staffMemberId: uuid('staff_member_id').references(() => staffMembers.id),
    role: text('role'),
    facilityId: uuid('facility_id').references(() => facilities.id),
    /** The patient whose data was touched, if any; no foreign key, so the trail outlives the account. */
    patientUserId: uuid('patient_user_id'),
    action: text('action').notNull(),
    target: text('target'),
    /** A caregiver who acted for the patient under a family grant (no foreign key either). */
    caregiverUserId: uuid('caregiver_user_id'),
    /**
     * What the entry changed or why, as the log shows it: the date of a closed day, a session or setting before and
     * after, the reason given for opening a record outside care. Never a patient's identity or contact.
     */
    details: jsonb('details'),
    /** The hospital's own system that acted through the FHIR API (no member did); the log names it. */
    systemClientId: uuid('system_client_id').references((): AnyPgColumn => systemClients.id),
  },
  (t) => [
    index('audit_events_member_at_idx').on(t.staffMemberId, t.at),
    index('audit_events_patient_at_idx').on(t.patientUserId, t.at),
    // A facility's audit log reads one day newest first, 50 at a time.
    index('audit_events_facility_at_idx').on(t.facilityId, t.at, t.id),
  ],
);

/**
 * A patient's reminder choices: the clock of each time of day (set once, used for every medication), quiet hours
 * (no medication reminder falls in them; other notices wait until they end), what to be reminded of, and the channel.
 * A patient without a row has the defaults (the nominal dose clocks, no quiet hours, everything on, in the app).
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    afterBreakfast: text('after_breakfast').notNull(),
    afterLunch: text('after_lunch').notNull(),
    afterDinner: text('after_dinner').notNull(),
    beforeBed: text('before_bed').notNull(),
    /** HH:MM in Thailand; both null for no quiet hours. From later than until spans midnight. */
    quietFrom: text('quiet_from'),
    quietUntil: text('quiet_until'),
    medicationReminders: boolean('medication_reminders').notNull().default(true),
    appointmentReminders: boolean('appointment_reminders').notNull().default(true),
    channel: text('channel').notNull().default('in_app'),
    updatedAt: updatedAt(),
  },
  (t) => [check('notification_settings_channel_check', sql`${t.channel} in ('in_app', 'web_push', 'line', 'sms')`)],
);

/**
 * Every notification a patient is sent, and the outbox it is sent from: a row is made when it falls due (one per
 * `dedupeKey`, however many servers try), claimed by one server (`claimedUntil`), handed to the patient's channel and
 * marked sent. The texts are those sent; the in-app notification centre lists the sent rows.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: patientId(),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** A dose reminder's day and time of day, and the medications due then. */
    doseDate: date('dose_date', { mode: 'string' }),
    doseTime: text('dose_time'),
    medicationIds: uuid('medication_ids').array(),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'cascade' }),
    /** A missed-dose alert to a caregiver: the dependent whose dose it is. */
    aboutUserId: uuid('about_user_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** 'sent', or 'skipped' when nothing was left to say (every dose ticked before the reminder went). */
    outcome: text('outcome'),
    channel: text('channel'),
    title: text('title'),
    body: text('body'),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When the patient answered a dose reminder ("taken" or "snooze"). */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** A reminder to measure at home: the kinds of reading it asks for (those set to the same clock go together). */
    readingKinds: text('reading_kinds').array(),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_due_idx')
      .on(t.dueAt)
      .where(sql`${t.sentAt} is null`),
    index('notifications_user_sent_idx').on(t.userId, t.sentAt),
    // Housekeeping forgets the oldest each minute (purgeOlderThan).
    index('notifications_created_idx').on(t.createdAt),
    check(
      'notifications_kind_check',
      sql`${t.kind} in ('dose', 'appointment_tomorrow', 'appointment_soon', 'appointment_cancelled', 'appointment_moved', 'appointment_completed', 'record_corrected', 'refund', 'booking_confirmed', 'deposit_receipt', 'missed_dose', 'test', 'result_released', 'message_reply', 'refill', 'reading_reminder')`,
    ),
  ],
);

/** The last minute whose reminders were queued: a server that was down catches up from here. */
export const reminderProgress = pgTable(
  'reminder_progress',
  {
    id: smallint('id').primaryKey(),
    coveredUntil: timestamp('covered_until', { withTimezone: true }).notNull(),
  },
  (t) => [check('reminder_progress_one_row', sql`${t.id} = 1`)],
);

/**
 * A browser's Web Push subscription, tied to the session it was made in: signing out (or the session ending) removes
 * it, so a shared phone never shows the last patient's reminders. The endpoint is the push service's address for that
 * browser; p256dh and auth are the browser's keys the payload is encrypted to (RFC 8291).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: patientId(),
    sessionTokenHash: text('session_token_hash')
      .notNull()
      .references(() => sessions.tokenHash, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** A patient's LINE account, linked through LINE Login: the user id the Official Account pushes messages to. */
export const lineLinks = pgTable('line_links', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lineUserId: text('line_user_id').notNull().unique(),
  /** Whether the patient had added the Official Account as a friend when linking (LINE delivers only to friends). */
  friend: boolean('friend').notNull(),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Family care: a caregiver may act for a dependent within what the grant allows. `basis` says who consented: the
 * caregiver as parent or legal guardian of someone under 20, or the adult dependent themselves (in their own account,
 * or in person with a code to a number they control). At most one live (pending or active) link per pair.
 */
export const careGrants = pgTable(
  'care_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caregiverUserId: uuid('caregiver_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dependentUserId: uuid('dependent_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    relationship: text('relationship').notNull(),
    basis: text('basis').notNull(),
    status: text('status').notNull(),
    canSee: boolean('can_see').notNull(),
    canBook: boolean('can_book').notNull(),
    canManageMedicines: boolean('can_manage_medicines').notNull(),
    missedDoseAlerts: boolean('missed_dose_alerts').notNull(),
    missedDoseAfterMinutes: integer('missed_dose_after_minutes').notNull().default(60),
    /** Who gave the grant: the dependent (adult) or the caregiver (parent or guardian of a minor). */
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('care_grants_live_pair_idx')
      .on(t.caregiverUserId, t.dependentUserId)
      .where(sql`${t.status} <> 'revoked'`),
    index('care_grants_dependent_idx').on(t.dependentUserId),
    // The minute's missed-dose alerts start from the grants that ask for them.
    index('care_grants_alerts_idx')
      .on(t.dependentUserId)
      .where(sql`${t.status} = 'active' and ${t.missedDoseAlerts}`),
    check('care_grants_not_self', sql`${t.caregiverUserId} <> ${t.dependentUserId}`),
    check('care_grants_status_check', sql`${t.status} in ('pending', 'active', 'suspended', 'revoked')`),
    check('care_grants_missed_dose_after_check', sql`${t.missedDoseAfterMinutes} between 15 and 240`),
  ],
);

/** Every grant, change, revocation and answer to an invitation: when, by whom, and what the grant allowed after it. */
export const careGrantEvents = pgTable(
  'care_grant_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => careGrants.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    scopes: json('scopes').$type<{ see: boolean; book: boolean; medicines: boolean; alerts: boolean }>().notNull(),
  },
  (t) => [index('care_grant_events_grant_idx').on(t.grantId, t.at)],
);

/**
 * What the app's operator must look into: today a minor's report that a linked "parent" is not theirs (`kind`
 * `care_link_reported`, the grant suspended meanwhile). Kept until resolved; names the grant, never the people.
 */
export const operatorAlerts = pgTable(
  'operator_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    careGrantId: uuid('care_grant_id').references(() => careGrants.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('operator_alerts_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

/**
 * A hospital's own system allowed to call the FHIR API on the facility's behalf (SMART Backend Services): it proves who
 * it is with a JWT signed by a private key only it holds, checked against its public keys, given inline (`jwks`) or
 * fetched from its own address (`jwks_url`), exactly one of the two. No secret of the client's is ever stored here.
 */
export const systemClients = pgTable(
  'system_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id),
    name: text('name').notNull(),
    /** Public: the client names itself by it (`iss` and `sub` of its assertions). */
    clientId: text('client_id').notNull().unique('system_clients_client_id_key'),
    jwksUrl: text('jwks_url'),
    jwks: jsonb('jwks').$type<{ keys: Record<string, unknown>[] }>(),
    scopes: text('scopes').array().notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => staffMembers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('system_clients_facility_idx').on(t.facilityId, t.createdAt),
    check('system_clients_one_key_source_check', sql`(${t.jwksUrl} is null) <> (${t.jwks} is null)`),
  ],
);

/**
 * The assertion ids (`jti`) each client has used, kept until the assertion could no longer be accepted anyway: the
 * unique key refuses a replay, on any number of servers at once, by the insert itself.
 */
export const systemClientAssertions = pgTable(
  'system_client_assertions',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => systemClients.id, { onDelete: 'cascade' }),
    jti: text('jti').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.jti] }), index('system_client_assertions_expires_idx').on(t.expiresAt)],
);

/** Access tokens issued to system clients: only the token's SHA-256 is kept. */
export const systemAccessTokens = pgTable(
  'system_access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => systemClients.id, { onDelete: 'cascade' }),
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id),
    scopes: text('scopes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('system_access_tokens_client_idx').on(t.clientId, t.createdAt),
    index('system_access_tokens_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A clinic's session list as a hospital's own system keeps it through the FHIR API (a FHIR `Schedule`): the clinic,
 * who sees the patients and the deposit, which its slots take on. It is the system's counterpart of the staff's
 * `schedule_templates`: a template makes its slots from a weekly pattern, while a system sends each slot itself, so
 * the app keeps no pattern here, only what every slot of the list shares.
 */
export const systemSchedules = pgTable(
  'system_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id),
    clinicId: uuid('clinic_id').notNull(),
    /** Who sees the patients, as the system names them; null when it names nobody. */
    doctor: text('doctor'),
    depositAmount: integer('deposit_amount').notNull(),
    /** False: the list is no longer offered (its slots were withdrawn then; their patients keep them). */
    active: boolean('active').notNull().default(true),
    /** The Bangkok days the list plans for, as the system gives them (FHIR's planningHorizon), either end open. */
    planningStart: date('planning_start', { mode: 'string' }),
    planningEnd: date('planning_end', { mode: 'string' }),
    comment: text('comment'),
    /** The hospital's own id of the list (FHIR identifier): one list per id at a facility. */
    identifierSystem: text('identifier_system'),
    identifierValue: text('identifier_value'),
    /** FHIR's meta.versionId: one more with every change, so a system's If-Match finds a change made meanwhile. */
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => systemClients.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('system_schedules_facility_idx').on(t.facilityId, t.createdAt),
    // The target of the slots' (facility, schedule) key: a list of another facility cannot be named.
    unique('system_schedules_facility_id_key').on(t.facilityId, t.id),
    foreignKey({
      name: 'system_schedules_clinic_fk',
      columns: [t.facilityId, t.clinicId],
      foreignColumns: [clinics.facilityId, clinics.id],
    }),
    uniqueIndex('system_schedules_identifier_idx')
      .on(t.facilityId, t.identifierSystem, t.identifierValue)
      .where(sql`${t.identifierValue} is not null`),
    check('system_schedules_identifier_check', sql`(${t.identifierSystem} is null) = (${t.identifierValue} is null)`),
    check('system_schedules_deposit_check', sql`${t.depositAmount} >= 0`),
    check('system_schedules_planning_check', sql`${t.planningEnd} >= ${t.planningStart}`),
  ],
);

/**
 * What a hospital's system asked to be told (FHIR Subscription, rest-hook): its facility's appointments as they are
 * booked or cancelled, posted to its address. No header is kept: the app holds no secret of the hospital's.
 */
export const fhirSubscriptions = pgTable(
  'fhir_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id),
    /** active: delivered to; off: the system stopped it; error: its address kept failing (FHIR's own statuses). */
    status: text('status', { enum: ['active', 'off', 'error'] }).notNull(),
    reason: text('reason').notNull(),
    /** `Appointment?status=booked`, `Appointment?status=cancelled` or `Appointment` (both). */
    criteria: text('criteria').notNull(),
    endpoint: text('endpoint').notNull(),
    /** True: the Appointment is posted (application/fhir+json); false: an empty notification. */
    fullPayload: boolean('full_payload').notNull(),
    /** Why deliveries stopped, when status is error. */
    error: text('error'),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => systemClients.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fhir_subscriptions_facility_idx').on(t.facilityId, t.createdAt),
    check('fhir_subscriptions_status_check', sql`${t.status} in ('active', 'off', 'error')`),
    check(
      'fhir_subscriptions_criteria_check',
      sql`${t.criteria} in ('Appointment?status=booked', 'Appointment?status=cancelled', 'Appointment')`,
    ),
  ],
);

/**
 * A notification owed to a subscription (its outbox): written in the transaction that books or cancels the
 * appointment, so none is lost and none is sent for a change that did not happen; sent afterwards by the delivery
 * job, which claims a row for a while (`claimedUntil`) so two servers never send it at once.
 */
export const fhirDeliveries = pgTable(
  'fhir_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => fhirSubscriptions.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    event: text('event', { enum: ['booked', 'cancelled'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When it is next sent: at once, or after the wait its failures earned. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Set when the retries ran out: the subscription went to error with it. */
    abandonedAt: timestamp('abandoned_at', { withTimezone: true }),
    /** The last failure, as a short machine phrase (`http_503`, `timeout`); never a body or an address. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fhir_deliveries_due_idx')
      .on(t.dueAt)
      .where(sql`${t.deliveredAt} is null and ${t.abandonedAt} is null`),
    index('fhir_deliveries_subscription_idx').on(t.subscriptionId),
    check('fhir_deliveries_event_check', sql`${t.event} in ('booked', 'cancelled')`),
  ],
);

/**
 * A facility's own availability feed (SMART Scheduling Links): the address of its system's `$bulk-publish` manifest,
 * which a job reads on a schedule into the facility's system schedules and slots, and how its last read went. One
 * feed per facility. `leaseUntil`: a server reading it now holds it until then, so two servers never read it at once.
 */
export const slotFeeds = pgTable(
  'slot_feeds',
  {
    facilityId: uuid('facility_id')
      .primaryKey()
      .references(() => facilities.id),
    manifestUrl: text('manifest_url').notNull(),
    setBy: uuid('set_by').references(() => staffMembers.id, { onDelete: 'set null' }),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** When it was last read, whatever came of it; null until its first read. */
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    /** Null when the last read applied; else why it did not, a machine code (`SLOT_FEED_ERRORS`). */
    lastError: text('last_error'),
    /** What the last read that applied did: slots added, changed, and withdrawn. */
    lastAdded: integer('last_added'),
    lastChanged: integer('last_changed'),
    lastWithdrawn: integer('last_withdrawn'),
  },
  (t) => [index('slot_feeds_due_idx').on(t.lastReadAt)],
);

/**
 * A report a hospital's system sent (FHIR DiagnosticReport) grouping results of one visit it sent as Observations:
 * `final` released the held ones it names to the patient, as a clinician's release does. The results stay
 * `lab_results` rows; the report keeps which, its name and conclusion.
 */
export const fhirDiagnosticReports = pgTable(
  'fhir_diagnostic_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['final', 'preliminary'] }).notNull(),
    /** What the report is, as the hospital names it ("ผลตรวจเลือดประจำปี"), with its LOINC code when given. */
    name: text('name').notNull(),
    loincCode: text('loinc_code'),
    conclusion: text('conclusion'),
    resultIds: uuid('result_ids').array().notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => systemClients.id),
    identifierSystem: text('identifier_system'),
    identifierValue: text('identifier_value'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fhir_diagnostic_reports_appointment_idx').on(t.appointmentId),
    check('fhir_diagnostic_reports_status_check', sql`${t.status} in ('final', 'preliminary')`),
    uniqueIndex('fhir_diagnostic_reports_identifier_idx')
      .on(t.facilityId, t.identifierSystem, t.identifierValue)
      .where(sql`${t.identifierValue} is not null`),
    check(
      'fhir_diagnostic_reports_identifier_check',
      sql`(${t.identifierSystem} is null) = (${t.identifierValue} is null)`,
    ),
  ],
);

/**
 * Requests each signed-in account made in a minute, by route group (plugins/account-limits.ts): one row an account, a
 * group and a minute, counted by every server process sharing the database, so an account's limit holds however its
 * requests are spread. Unlogged (its migration says so): a count lost in a crash only lets a minute start afresh.
 */
export const accountRequestCounts = pgTable(
  'account_request_counts',
  {
    key: text('key').notNull(),
    windowEnds: timestamp('window_ends', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowEnds] }), index('account_request_counts_window_idx').on(t.windowEnds)],
);
