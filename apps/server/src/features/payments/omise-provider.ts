/**
 * Opn Payments (Omise) PromptPay, through its documented REST API:
 *   every request: HTTP Basic auth with the secret key as user name and an empty password
 *     (docs.omise.co/api-authentication), the `Omise-Version: 2019-05-29` header to pin the reply shapes
 *     (docs.omise.co/api-webhooks, "Serialization"), JSON bodies as the official clients send them
 *     (github.com/omise/omise-go operations/charge.go, refund.go: Content-Type application/json).
 *   POST /sources {type: "promptpay", amount, currency: "thb"} → source `src_…`
 *     (docs.omise.co/sources-api, docs.omise.co/promptpay)
 *   POST /charges {amount, currency, source, expires_at, metadata} → charge `chrg_…` whose
 *     source.scannable_code.image.download_uri is the QR image to show (docs.omise.co/charges-api)
 *   GET /charges/:id → the charge: status successful | pending | failed | expired | reversed, paid, amount, currency, metadata
 *   POST /charges/:id/refunds {amount} → refund `rfnd_…` (docs.omise.co/refunds-api); the charge's `refunded_amount`
 *     says how much of it was returned already
 *   the refund POST carries an `Idempotency-Key` header derived from the appointment (the charge read before it is
 *     what keeps a refund from being asked twice; the header is one more guard where the API honours it)
 *   4xx/5xx → {object: "error", location, code, message} (docs.omise.co/errors-api)
 * Amounts are in satang. Omise learns only the appointment id, never anything about the patient.
 * Errors carry the HTTP status and Omise's error code and message, never the secret key.
 */
import { z } from 'zod';
import {
  type DepositRequest,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPayment,
} from './payment-provider.js';

export const OMISE_API_VERSION = '2019-05-29';
export const OMISE_TIMEOUT_MS = 10_000;
/** Charge ids as Omise issues them; anything else is never put into a request path. */
const CHARGE_ID = /^chrg_(?:test_)?[0-9a-z]+$/;

export interface OmiseOptions {
  secretKey: string;
  /** https://api.omise.co, or a stand-in in tests. */
  apiUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const OmiseError = z.object({ object: z.literal('error'), code: z.string(), message: z.string().optional() });
const Source = z.looseObject({ object: z.literal('source'), id: z.string().min(1) });
const Charge = z.looseObject({
  object: z.literal('charge'),
  id: z.string().regex(CHARGE_ID),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  paid: z.boolean().optional(),
  paid_at: z.iso.datetime({ offset: true }).nullish(),
  refunded_amount: z.number().int().optional(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  source: z
    .looseObject({
      scannable_code: z.looseObject({ image: z.looseObject({ download_uri: z.string().min(1) }) }).nullish(),
    })
    .nullish(),
});
type Charge = z.infer<typeof Charge>;
const Refund = z.looseObject({ object: z.literal('refund'), id: z.string().min(1) });

interface Reply {
  status: number;
  body: unknown;
}

const satang = (baht: number) => Math.round(baht * 100);
/** Omise's documented datetime form, YYYY-MM-DDThh:mm:ssZ. */
const omiseTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

function statusOf(charge: Charge): ProviderPayment['status'] {
  if (charge.status === 'successful' && charge.paid === true) return 'paid';
  if (charge.status === 'failed' || charge.status === 'expired' || charge.status === 'reversed') return 'failed';
  return 'pending';
}

export function createOmisePaymentProvider(options: OmiseOptions): PaymentProvider {
  const timeoutMs = options.timeoutMs ?? OMISE_TIMEOUT_MS;
  const baseUrl = options.apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`, 'utf8').toString('base64')}`;
  const scrub = (text: string) => text.split(options.secretKey).join('***').slice(0, 200);
  const fail = (detail: string): never => {
    throw new PaymentProviderError(`Omise: ${scrub(detail)}`);
  };

  async function send(
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, unknown>,
    idempotencyKey?: string,
  ): Promise<Reply> {
    const doFetch = options.fetch ?? globalThis.fetch;
    try {
      const response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          'Omise-Version': OMISE_API_VERSION,
          ...(body && { 'Content-Type': 'application/json' }),
          ...(idempotencyKey && { 'Idempotency-Key': idempotencyKey }),
        },
        body: body && JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      return { status: response.status, body: parsed };
    } catch (err) {
      if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
        return fail(`no answer within ${timeoutMs} ms`);
      }
      const cause = err instanceof Error ? (err.cause as { code?: unknown } | undefined) : undefined;
      const code = typeof cause?.code === 'string' ? cause.code : err instanceof Error ? err.message : 'unknown error';
      return fail(`unreachable (${code})`);
    }
  }

  /** The reply as `schema`, or a PaymentProviderError naming what Omise said went wrong. */
  function read<T>(what: string, reply: Reply, schema: z.ZodType<T>): T {
    const error = OmiseError.safeParse(reply.body);
    if (reply.status >= 400 || error.success) {
      const detail = error.success
        ? [error.data.code, error.data.message].filter(Boolean).join(' ')
        : 'no error object';
      return fail(`${what}: HTTP ${reply.status} ${detail}`);
    }
    const parsed = schema.safeParse(reply.body);
    if (!parsed.success) return fail(`${what}: HTTP ${reply.status} unreadable reply`);
    return parsed.data;
  }

  return {
    name: 'omise',

    async requestDeposit({ appointmentId, amountBaht, expiresAt }): Promise<DepositRequest> {
      const amount = satang(amountBaht);
      const source = read(
        'creating the PromptPay source',
        await send('POST', '/sources', { type: 'promptpay', amount, currency: 'thb' }),
        Source,
      );
      const charge = read(
        'creating the charge',
        await send('POST', '/charges', {
          amount,
          currency: 'thb',
          source: source.id,
          expires_at: omiseTime(expiresAt),
          metadata: { appointment_id: appointmentId },
        }),
        Charge,
      );
      const qrImageUrl = charge.source?.scannable_code?.image.download_uri;
      if (!qrImageUrl) return fail(`charge ${charge.id} carries no QR image`);
      return { reference: charge.id, promptpayPayload: null, qrImageUrl };
    },

    async refund({ appointmentId, reference, amountBaht }): Promise<void> {
      // Nothing went through Omise for this appointment (no deposit, or one taken by another provider).
      if (reference === null || amountBaht === 0) return;
      if (!CHARGE_ID.test(reference)) return fail('the payment reference is not a charge id');
      const path = `/charges/${encodeURIComponent(reference)}`;
      // A refund Omise made before this server could record it (the process died in between) is not asked for twice.
      const charge = read('retrieving the charge', await send('GET', path), Charge);
      if ((charge.refunded_amount ?? 0) >= satang(amountBaht)) return;
      read(
        'refunding',
        await send('POST', `${path}/refunds`, { amount: satang(amountBaht) }, `refund-${appointmentId}`),
        Refund,
      );
    },

    async findPayment(reference): Promise<ProviderPayment | null> {
      if (!CHARGE_ID.test(reference)) return null;
      const reply = await send('GET', `/charges/${encodeURIComponent(reference)}`);
      const error = OmiseError.safeParse(reply.body);
      if (reply.status === 404 && error.success && error.data.code === 'not_found') return null;
      const charge = read('retrieving the charge', reply, Charge);
      if (charge.id !== reference) return fail('retrieved another charge than asked for');
      const appointmentId = charge.metadata?.appointment_id;
      return {
        reference: charge.id,
        status: statusOf(charge),
        amountMinor: charge.amount,
        currency: charge.currency.toUpperCase(),
        appointmentId: typeof appointmentId === 'string' ? appointmentId : null,
        paidAt: charge.paid_at ? new Date(charge.paid_at) : null,
      };
    },
  };
}
