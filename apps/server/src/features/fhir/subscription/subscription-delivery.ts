import { CompactSign, importJWK } from 'jose';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { changedRows, rowsOf } from '../../../db/results.js';
import type { SigningKey } from '../../../config.js';
import type { JwksReach } from '../../system-clients/jwks-fetch.js';
import type { AppointmentRepository } from '../appointment/appointment.repository.js';
import { toFhirAppointment } from '../appointment/appointment.resource.js';
import { FHIR_JSON } from '../fhir-http.js';
import { recordSystemAct } from '../fhir-store.js';
import { type Notice, type NoticeOutcome, sendNotice } from './notice-sender.js';

/*
 * Telling hospitals' systems of their facility's bookings and cancellations (FHIR R4 Subscription, rest-hook). The
 * notices are queued in the transaction that books or cancels (shared/appointment-lifecycle/system-notices.ts); this
 * sends what is due. A delivery is claimed for a while (FOR UPDATE SKIP LOCKED, then a lease), so of several servers
 * running this at once exactly one sends it; one that stops mid-send leaves it to be sent again once the lease ends,
 * which the receiver recognises by the delivery's id. Every notice is signed with the app's key (published at
 * /fhir/.well-known/jwks.json): the hospital checks it came from here, since the app keeps no secret of theirs.
 */

/** The waits after each failed attempt; after the last, the subscription is set to error and no more is sent to it. */
export const RETRY_AFTER_MINUTES = [1, 5, 30, 120] as const;
/** How long a claimed delivery is the claimer's: well past a batch's sends at their time limit. */
const LEASE_SECONDS = 120;
/** How long a hospital's system has to answer one notice. */
export const NOTICE_TIMEOUT_MS = 10_000;
/** How many are sent at once. */
const BATCH = 20;
/** A run stops after this many batches and leaves the rest to the next: a run never goes on for ever. */
const MAX_BATCHES = 50;

/** What a signature's protected header says beside the key: which delivery, to where, by which method, when. */
export const SIGNATURE_HEADER = 'x-klaimor-signature';
export const DELIVERY_HEADER = 'x-klaimor-delivery';
export const EVENT_HEADER = 'x-klaimor-event';
export const SUBSCRIPTION_HEADER = 'x-klaimor-subscription';

interface Claimed {
  id: string;
  appointment_id: string;
  event: 'booked' | 'cancelled';
  attempts: number;
  subscription_id: string;
  facility_id: string;
  endpoint: string;
  full_payload: boolean;
  created_by: string;
}

export interface DeliveryRound {
  sent: number;
  retrying: number;
  abandoned: number;
}

export interface DelivererDeps {
  db: Db;
  appointments: AppointmentRepository;
  signingKey: SigningKey;
  reach: JwksReach;
  timeoutMs?: number;
}

export function createSubscriptionDeliverer({
  db,
  appointments,
  signingKey,
  reach,
  timeoutMs = NOTICE_TIMEOUT_MS,
}: DelivererDeps) {
  const privateKey = importJWK(signingKey.privateJwk as Parameters<typeof importJWK>[0], 'ES384');

  /** A detached JWS (RFC 7515 appendix F) over the body exactly as sent: `header..signature`. */
  async function signed(notice: Omit<Notice, 'headers'>, deliveryId: string): Promise<string> {
    const jws = await new CompactSign(notice.body)
      .setProtectedHeader({
        alg: 'ES384',
        kid: signingKey.publicJwk.kid,
        jti: deliveryId,
        htm: notice.method,
        htu: notice.url,
        iat: Math.floor(Date.now() / 1000),
      })
      .sign(await privateKey);
    const [header, , signature] = jws.split('.');
    return `${header}..${signature}`;
  }

  /** Claims what is due for an active subscription of an enabled system: the attempt counted, the lease taken. */
  async function claim(): Promise<Claimed[]> {
    const result = await db.execute(sql`
      update fhir_deliveries d
      set claimed_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = d.attempts + 1
      from fhir_subscriptions s
      where s.id = d.subscription_id and d.id in (
        select due.id from fhir_deliveries due
        join fhir_subscriptions sub on sub.id = due.subscription_id and sub.status = 'active'
        join system_clients client on client.id = sub.created_by and client.disabled_at is null
        where due.delivered_at is null and due.abandoned_at is null and due.due_at <= now()
          and (due.claimed_until is null or due.claimed_until < now())
        order by due.due_at, due.id
        limit ${BATCH}
        for update of due skip locked)
      returning d.id, d.appointment_id, d.event, d.attempts, s.id as subscription_id, s.facility_id, s.endpoint,
        s.full_payload, s.created_by`);
    return rowsOf<Claimed>(result);
  }

  /** The notice: the Appointment as it stands now, PUT to `<endpoint>/Appointment/<id>`; else an empty POST. */
  async function noticeOf(delivery: Claimed): Promise<Notice | null> {
    let method: Notice['method'] = 'POST';
    let url = delivery.endpoint;
    let body = Buffer.alloc(0);
    const headers: Record<string, string> = {
      [DELIVERY_HEADER]: delivery.id,
      [EVENT_HEADER]: delivery.event,
      [SUBSCRIPTION_HEADER]: `Subscription/${delivery.subscription_id}`,
    };
    if (delivery.full_payload) {
      const row = await appointments.one(delivery.facility_id, delivery.appointment_id);
      // Its patient's account is gone: there is no appointment left to tell of.
      if (!row) return null;
      method = 'PUT';
      url = `${delivery.endpoint.replace(/\/+$/, '')}/Appointment/${delivery.appointment_id}`;
      body = Buffer.from(JSON.stringify(toFhirAppointment(row)));
      headers['content-type'] = FHIR_JSON;
    }
    headers[SIGNATURE_HEADER] = await signed({ method, url, body }, delivery.id);
    return { method, url, headers, body };
  }

  const systemOf = (delivery: Claimed) => ({ systemClientId: delivery.created_by, facilityId: delivery.facility_id });

  /** Records the outcome, only while the claim is still this one (a later claim counted another attempt). */
  async function settle(delivery: Claimed, outcome: NoticeOutcome): Promise<keyof DeliveryRound | null> {
    const mine = sql`id = ${delivery.id} and attempts = ${delivery.attempts} and delivered_at is null`;
    return db.transaction(async (tx) => {
      if (outcome.delivered) {
        const done = await tx.execute(
          sql`update fhir_deliveries set delivered_at = now(), claimed_until = null, last_error = null where ${mine}`,
        );
        if (!changedRows(done)) return null;
        // The patient's data left for the hospital's system: in their access log, under the system's name.
        if (delivery.full_payload) {
          await recordSystemAct(tx, systemOf(delivery), 'fhir_appointment.sent', delivery.appointment_id);
        }
        return 'sent';
      }
      const wait = RETRY_AFTER_MINUTES[delivery.attempts - 1];
      if (wait !== undefined) {
        const later = await tx.execute(sql`
          update fhir_deliveries set due_at = now() + make_interval(mins => ${wait}), claimed_until = null,
            last_error = ${outcome.error}
          where ${mine}`);
        return changedRows(later) ? 'retrying' : null;
      }
      const given = await tx.execute(sql`
        update fhir_deliveries set abandoned_at = now(), claimed_until = null, last_error = ${outcome.error}
        where ${mine}`);
      if (!changedRows(given)) return null;
      await tx.execute(sql`
        update fhir_subscriptions
        set status = 'error', version = version + 1, updated_at = now(),
          error = ${`Notifications failed ${delivery.attempts} times in a row; the last: ${outcome.error}. Set the subscription active again to resume.`}
        where id = ${delivery.subscription_id} and status = 'active'`);
      await recordSystemAct(tx, systemOf(delivery), 'fhir_subscription.failed', delivery.subscription_id);
      return 'abandoned';
    });
  }

  async function deliver(delivery: Claimed): Promise<keyof DeliveryRound | null> {
    const notice = await noticeOf(delivery);
    return settle(delivery, notice ? await sendNotice(reach, notice, timeoutMs) : { delivered: true });
  }

  return {
    /** Sends every notice due now, a batch at a time; counts only (who was told of whom is personal data). */
    async deliverDue(): Promise<DeliveryRound> {
      const round: DeliveryRound = { sent: 0, retrying: 0, abandoned: 0 };
      for (let batch = 0; batch < MAX_BATCHES; batch++) {
        const claimed = await claim();
        if (!claimed.length) break;
        for (const outcome of await Promise.all(claimed.map(deliver))) if (outcome) round[outcome]++;
      }
      return round;
    },
  };
}
export type SubscriptionDeliverer = ReturnType<typeof createSubscriptionDeliverer>;
