import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, pgTable, point, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  phone: text('phone').notNull().unique(),
  thaiId: text('thai_id').notNull().unique(),
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time codes sent by SMS; only a keyed hash of the code is kept. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Keyed hash of the requesting client's IP, for the per-client limit. */
    clientKey: text('client_key').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
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
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Hospitals, clinics and pharmacies patients can find on the map. */
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
    postcode: text('postcode'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** (lng, lat) for the nearest-first index; kept in step with lat/lng by the database. */
    location: point('location', { mode: 'tuple' })
      .generatedAlwaysAs(sql`point(lng, lat)`)
      .notNull(),
    phone: text('phone'),
    openingHours: text('opening_hours'),
    schemes: text('schemes').array().notNull().default(sql`'{}'`),
    insurers: text('insurers').array().notNull().default(sql`'{}'`),
    depositAmount: integer('deposit_amount').notNull().default(0),
    promptpayId: text('promptpay_id'),
    sourceName: text('source_name').notNull(),
    sourceRef: text('source_ref').notNull(),
    sourceLicence: text('source_licence').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('facilities_location_idx').using('gist', t.location), check('facilities_deposit_check', sql`${t.depositAmount} >= 0`)],
);

/** Screening times a hospital offers; `taken` counts booked places and places held for a deposit. */
export const screeningSlots = pgTable(
  'screening_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    doctor: text('doctor').notNull(),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
  },
  (t) => [
    unique('screening_slots_facility_start_doctor_key').on(t.facilityId, t.startsAt, t.doctor),
    index('screening_slots_facility_start_idx').on(t.facilityId, t.startsAt),
    check('screening_slots_taken_check', sql`${t.taken} >= 0 and ${t.taken} <= ${t.capacity}`),
  ],
);

export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    paymentProvider: text('payment_provider').notNull(),
    paymentRef: text('payment_ref'),
    promptpayPayload: text('promptpay_payload'),
    qrImageUrl: text('qr_image_url'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('appointments_user_idempotency_key').on(t.userId, t.idempotencyKey),
    index('appointments_user_idx').on(t.userId),
    index('appointments_awaiting_idx').on(t.status, t.depositExpiresAt),
    index('appointments_refunds_due_idx')
      .on(t.refundRequestedAt)
      .where(sql`${t.refundRequestedAt} is not null and ${t.refundedAt} is null`),
    // A provider's payment settles one appointment, found by its reference when the provider calls.
    unique('appointments_payment_ref').on(t.paymentProvider, t.paymentRef),
  ],
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
