import { randomBytes } from 'node:crypto';
import { type IncomingHttpHeaders, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for api.omise.co on 127.0.0.1 that answers as Omise documents it: HTTP Basic auth with the
 * secret key as user name and no password (docs.omise.co/api-authentication); JSON or form bodies;
 * POST /sources (type=promptpay), POST /charges (with a source), GET /charges/:id,
 * POST /charges/:id/refunds; error objects {object: "error", location, code, message} (docs.omise.co/errors-api).
 * Charges live in memory; a test settles one with `markPaid`, as a patient's bank app would.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

export interface FakeCharge {
  object: 'charge';
  id: string;
  livemode: false;
  location: string;
  amount: number;
  currency: string;
  status: 'pending' | 'successful' | 'failed' | 'expired' | 'reversed';
  paid: boolean;
  paid_at: string | null;
  expires_at: string | null;
  metadata: Record<string, unknown>;
  refunded_amount: number;
  source: Record<string, unknown> | null;
  created_at: string;
}

export interface FakeOmise {
  url: string;
  requests: RecordedRequest[];
  charges: Map<string, FakeCharge>;
  /** The patient paid: the charge completes successfully. */
  markPaid(id: string): void;
  /** A charge made on the account some other way (say, by someone testing with our key elsewhere). */
  addCharge(charge: Partial<FakeCharge> & { amount: number }): FakeCharge;
  /** While true, every request gets a 502 from a broken proxy in front of Omise. */
  outage: boolean;
  close(): Promise<void>;
}

const error = (status: number, code: string, message: string) => ({
  status,
  body: { object: 'error', location: `https://www.omise.co/api-errors#${code.replace(/_/g, '-')}`, code, message },
});

const newId = (prefix: string) => `${prefix}_test_${randomBytes(8).toString('hex')}`;

/** Form bodies as Omise takes them: `metadata[appointment_id]=…` becomes {metadata: {appointment_id: …}}. */
function parseForm(raw: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const nested = /^(\w+)\[(\w+)\]$/.exec(key);
    if (nested) {
      const inner = (out[nested[1]] ??= {}) as Record<string, unknown>;
      inner[nested[2]] = value;
    } else {
      out[key] = /^\d+$/.test(value) ? Number(value) : value;
    }
  }
  return out;
}

function parseBody(contentType: string | undefined, raw: string): Record<string, unknown> | null | 'unreadable' {
  if (raw === '') return null;
  try {
    if (contentType?.startsWith('application/json')) {
      const parsed: unknown = JSON.parse(raw);
      return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : 'unreadable';
    }
    if (contentType?.startsWith('application/x-www-form-urlencoded')) return parseForm(raw);
  } catch {
    return 'unreadable';
  }
  return 'unreadable';
}

function authorised(headers: IncomingHttpHeaders, secretKey: string): boolean {
  const [scheme, token] = (headers.authorization ?? '').split(' ');
  if (scheme !== 'Basic' || !token) return false;
  return Buffer.from(token, 'base64').toString('utf8') === `${secretKey}:`;
}

const isAmount = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

export async function startFakeOmise(secretKey: string): Promise<FakeOmise> {
  const requests: RecordedRequest[] = [];
  const sources = new Map<string, { id: string; amount: number; currency: string; used: boolean }>();
  const charges = new Map<string, FakeCharge>();
  let port = 0;

  function makeCharge(fields: Partial<FakeCharge> & { amount: number }): FakeCharge {
    const id = fields.id ?? newId('chrg');
    const charge: FakeCharge = {
      object: 'charge',
      id,
      livemode: false,
      location: `/charges/${id}`,
      currency: 'THB',
      status: 'pending',
      paid: false,
      paid_at: null,
      expires_at: null,
      metadata: {},
      refunded_amount: 0,
      source: null,
      created_at: new Date().toISOString(),
      ...fields,
    };
    charges.set(id, charge);
    return charge;
  }

  function handle(
    method: string,
    path: string,
    body: Record<string, unknown> | null,
  ): { status: number; body: unknown } {
    if (method === 'POST' && path === '/sources') {
      if (body?.type !== 'promptpay') return error(400, 'invalid_source_type', 'type is not supported');
      if (!isAmount(body.amount) || body.amount < 2000)
        return error(400, 'invalid_amount', 'amount must be at least 2000');
      if (String(body.currency).toLowerCase() !== 'thb')
        return error(400, 'invalid_currency', 'currency is not supported');
      const source = { id: newId('src'), amount: body.amount, currency: 'THB', used: false };
      sources.set(source.id, source);
      return {
        status: 200,
        body: {
          object: 'source',
          id: source.id,
          livemode: false,
          type: 'promptpay',
          flow: 'offline',
          amount: source.amount,
          currency: 'THB',
          charge_status: 'unknown',
        },
      };
    }

    if (method === 'POST' && path === '/charges') {
      if (!body || !isAmount(body.amount)) return error(400, 'invalid_charge', 'amount is invalid');
      const source = typeof body.source === 'string' ? sources.get(body.source) : undefined;
      if (!source) return error(404, 'not_found', `source ${String(body.source)} was not found`);
      if (source.used) return error(400, 'invalid_charge', 'source was already used');
      if (source.amount !== body.amount || String(body.currency).toUpperCase() !== source.currency) {
        return error(400, 'invalid_charge', 'amount and currency must match the source');
      }
      if (body.expires_at !== undefined && Number.isNaN(Date.parse(String(body.expires_at)))) {
        return error(400, 'invalid_charge', 'expires_at is invalid');
      }
      source.used = true;
      const id = newId('chrg');
      const document = newId('docu');
      const charge = makeCharge({
        id,
        amount: body.amount,
        expires_at: body.expires_at === undefined ? null : String(body.expires_at),
        metadata: (body.metadata as Record<string, unknown> | undefined) ?? {},
        source: {
          object: 'source',
          id: source.id,
          type: 'promptpay',
          flow: 'offline',
          amount: source.amount,
          currency: 'THB',
          scannable_code: {
            object: 'barcode',
            type: 'qr',
            image: {
              object: 'document',
              id: document,
              kind: 'qr',
              download_uri: `http://127.0.0.1:${port}/charges/${id}/documents/${document}/downloads/qr.png`,
            },
          },
        },
      });
      return { status: 200, body: charge };
    }

    const chargePath = /^\/charges\/([^/]+)(\/refunds)?$/.exec(path);
    if (chargePath) {
      const charge = charges.get(decodeURIComponent(chargePath[1]));
      if (!charge) return error(404, 'not_found', `charge ${chargePath[1]} was not found`);
      if (method === 'GET' && !chargePath[2]) return { status: 200, body: charge };
      if (method === 'POST' && chargePath[2]) {
        if (!body || !isAmount(body.amount)) return error(400, 'bad_request', 'amount is invalid');
        if (!charge.paid) return error(400, 'failed_refund', 'charge is not paid');
        if (body.amount > charge.amount - charge.refunded_amount)
          return error(400, 'failed_refund', 'amount exceeds the refundable amount');
        charge.refunded_amount += body.amount;
        return {
          status: 200,
          body: {
            object: 'refund',
            id: newId('rfnd'),
            location: `/charges/${charge.id}/refunds`,
            amount: body.amount,
            currency: charge.currency,
            charge: charge.id,
            voided: false,
          },
        };
      }
    }
    return error(404, 'not_found', 'the requested resource was not found');
  }

  const fake: FakeOmise = {
    url: '',
    requests,
    charges,
    outage: false,
    markPaid(id) {
      const charge = charges.get(id);
      if (!charge) throw new Error(`the fake Omise has no charge ${id}`);
      Object.assign(charge, {
        status: 'successful',
        paid: true,
        paid_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      });
    },
    addCharge: makeCharge,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = createServer((req, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const parsed = parseBody(req.headers['content-type'], raw);
      const method = req.method ?? 'GET';
      const path = req.url ?? '/';
      requests.push({ method, path, headers: req.headers, body: parsed === 'unreadable' ? null : parsed });

      let reply: { status: number; body: unknown };
      if (fake.outage) {
        res.writeHead(502, { 'Content-Type': 'text/html' });
        res.end('<html><body>502 Bad Gateway</body></html>');
        return;
      }
      if (!authorised(req.headers, secretKey)) reply = error(401, 'authentication_failure', 'authentication failed');
      else if (parsed === 'unreadable') reply = error(400, 'bad_request', 'request body is not readable');
      else reply = handle(method, path, parsed);
      res.writeHead(reply.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  fake.url = `http://127.0.0.1:${port}`;
  return fake;
}
