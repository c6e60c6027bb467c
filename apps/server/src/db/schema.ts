import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
