import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SmsDeliveryError, type SmsMessage } from './sms-sender';
import { createThaiBulkSmsSender } from './thaibulksms-sender';

const API_KEY = 'test-key';
const API_SECRET = 'test-secret';
// base64("test-key:test-secret"), written out so the test does not share the driver's encoding code.
const EXPECTED_AUTH = 'Basic dGVzdC1rZXk6dGVzdC1zZWNyZXQ=';
const SENDER = 'KLAIMOR';
const CODE = '482913';
const THAI_TEXT = `รหัสยืนยันของคุณคือ ${CODE} ใช้ได้ภายใน 5 นาที ห้ามบอกรหัสนี้กับผู้อื่น`;
const MESSAGE: SmsMessage = { to: '0812345678', text: THAI_TEXT, code: CODE };

interface RecordedRequest {
  method: string | undefined;
  path: string | undefined;
  headers: IncomingHttpHeaders;
  rawBody: string;
  form: URLSearchParams;
}

type Handler = (req: RecordedRequest, res: ServerResponse) => void;

const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

async function startGateway(handler: Handler): Promise<{ url: string; requests: RecordedRequest[]; server: Server }> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const recorded = {
        method: req.method,
        path: req.url,
        headers: req.headers,
        rawBody,
        form: new URLSearchParams(rawBody),
      };
      requests.push(recorded);
      handler(recorded, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/sms`, requests, server };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A stand-in for api-v2.thaibulksms.com POST /sms, answering in the documented reply shapes. */
function thaiBulkSmsGateway(key: string, secret: string): Handler {
  return (req, res) => {
    if (req.method !== 'POST' || req.path !== '/sms') {
      return json(res, 404, { error: { code: 404, name: 'NOT_FOUND', description: 'Not found' } });
    }
    const [scheme, token] = (req.headers.authorization ?? '').split(' ');
    const decoded = scheme === 'Basic' && token ? Buffer.from(token, 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    if (colon < 0 || decoded.slice(0, colon) !== key || decoded.slice(colon + 1) !== secret) {
      return json(res, 401, {
        error: { code: 401, name: 'UNAUTHORIZED', description: 'Invalid API key or API secret' },
      });
    }
    if (req.headers['content-type'] !== 'application/x-www-form-urlencoded') {
      return json(res, 400, { error: { code: 400, name: 'BAD_REQUEST', description: 'Unsupported content type' } });
    }
    const msisdn = req.form.get('msisdn');
    if (!msisdn || !req.form.get('message') || !req.form.get('sender')) {
      return json(res, 400, {
        error: { code: 400, name: 'BAD_REQUEST', description: 'msisdn, message and sender are required' },
      });
    }
    json(res, 201, {
      remaining_credit: 99,
      total_use_credit: 1,
      credit_type: 'standard',
      phone_number_list: [{ number: msisdn, message_id: 'pGwSP1FjDFNzUheO0DwvYB', used_credit: 1 }],
      bad_phone_number_list: [],
    });
  };
}

function sender(url: string, overrides: { apiSecret?: string; timeoutMs?: number; fetch?: typeof fetch } = {}) {
  return createThaiBulkSmsSender({ apiKey: API_KEY, apiSecret: API_SECRET, sender: SENDER, url, ...overrides });
}

async function rejection(promise: Promise<unknown>): Promise<SmsDeliveryError> {
  const outcome = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(outcome).toBeInstanceOf(SmsDeliveryError);
  return outcome as SmsDeliveryError;
}

function expectNothingPersonal(error: Error): void {
  expect(error.message).not.toContain(CODE);
  expect(error.message).not.toContain('812345678');
  expect(error.message).not.toContain('รหัส');
}

describe('createThaiBulkSmsSender', () => {
  it('posts the documented form request and resolves on the 201 reply', async () => {
    const gateway = await startGateway(thaiBulkSmsGateway(API_KEY, API_SECRET));

    await expect(sender(gateway.url).send(MESSAGE)).resolves.toBeUndefined();

    expect(gateway.requests).toHaveLength(1);
    const [req] = gateway.requests;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/sms');
    expect(req.headers.authorization).toBe(EXPECTED_AUTH);
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect([...req.form.keys()].sort()).toEqual(['message', 'msisdn', 'sender']);
    expect(req.form.get('msisdn')).toBe('66812345678');
    expect(req.form.get('message')).toBe(THAI_TEXT);
    expect(req.form.get('sender')).toBe(SENDER);
    // Thai characters travel as percent-encoded UTF-8 bytes (ร = E0 B8 A3).
    expect(req.rawBody).toContain('%E0%B8%A3%E0%B8%AB%E0%B8%B1%E0%B8%AA');
  });

  it('accepts an already international number', async () => {
    const gateway = await startGateway(thaiBulkSmsGateway(API_KEY, API_SECRET));
    await sender(gateway.url).send({ ...MESSAGE, to: '+66812345678' });
    expect(gateway.requests[0].form.get('msisdn')).toBe('66812345678');
  });

  it('sends through the injected fetch when one is given', async () => {
    const gateway = await startGateway(thaiBulkSmsGateway(API_KEY, API_SECRET));
    const calls: string[] = [];
    const spy: typeof fetch = (input, init) => {
      calls.push(String(input));
      return fetch(input, init);
    };
    await sender(gateway.url, { fetch: spy }).send(MESSAGE);
    expect(calls).toEqual([gateway.url]);
    expect(gateway.requests).toHaveLength(1);
  });

  it('rejects a 401 reply with the gateway error text and nothing personal', async () => {
    const gateway = await startGateway(thaiBulkSmsGateway(API_KEY, 'the-real-secret'));

    const error = await rejection(sender(gateway.url).send(MESSAGE));

    expect(error.status).toBe(401);
    expect(error.message).toContain('HTTP 401');
    expect(error.message).toContain('UNAUTHORIZED');
    expect(error.message).toContain('Invalid API key or API secret');
    expectNothingPersonal(error);
  });

  it('rejects a 400 reply and blanks out the number and code if the gateway echoes them', async () => {
    const gateway = await startGateway((req, res) =>
      json(res, 400, {
        error: {
          code: 400,
          name: 'BAD_REQUEST',
          description: `Cannot send "${req.form.get('message')}" to ${req.form.get('msisdn')} (0812345678)`,
        },
      }),
    );

    const error = await rejection(sender(gateway.url).send(MESSAGE));

    expect(error.status).toBe(400);
    expect(error.message).toContain('HTTP 400');
    expect(error.message).toContain('BAD_REQUEST');
    expect(error.message).toContain('Cannot send');
    expectNothingPersonal(error);
  });

  it('rejects a 201 reply that lists the number as bad', async () => {
    const gateway = await startGateway((req, res) =>
      json(res, 201, {
        remaining_credit: 99,
        total_use_credit: 0,
        credit_type: 'standard',
        phone_number_list: [],
        bad_phone_number_list: [{ number: req.form.get('msisdn'), message: 'Invalid phone number' }],
      }),
    );

    const error = await rejection(sender(gateway.url).send(MESSAGE));

    expect(error.message).toContain('Invalid phone number');
    expectNothingPersonal(error);
  });

  it('rejects a non-JSON 5xx reply without echoing its body', async () => {
    const gateway = await startGateway((_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<html>bad gateway for 0812345678</html>');
    });

    const error = await rejection(sender(gateway.url).send(MESSAGE));

    expect(error.status).toBe(502);
    expect(error.message).toContain('HTTP 502');
    expect(error.message).not.toContain('<html>');
    expectNothingPersonal(error);
  });

  it('rejects any non-2xx reply, even one whose body looks like a success', async () => {
    const gateway = await startGateway((req, res) =>
      json(res, 500, {
        phone_number_list: [{ number: req.form.get('msisdn'), message_id: 'x', used_credit: 1 }],
        bad_phone_number_list: [],
      }),
    );

    const error = await rejection(sender(gateway.url).send(MESSAGE));

    expect(error.status).toBe(500);
    expectNothingPersonal(error);
  });

  it('times out when the gateway never answers', async () => {
    const gateway = await startGateway(() => {
      // Swallow the request: no status line, no body.
    });

    const started = Date.now();
    const error = await rejection(sender(gateway.url, { timeoutMs: 200 }).send(MESSAGE));
    const elapsed = Date.now() - started;

    expect(gateway.requests).toHaveLength(1);
    expect(error.message).toContain('no answer within 200 ms');
    expect(elapsed).toBeGreaterThanOrEqual(150);
    expect(elapsed).toBeLessThan(5_000);
    expectNothingPersonal(error);
  });

  it('rejects when the connection is refused', async () => {
    const gateway = await startGateway(thaiBulkSmsGateway(API_KEY, API_SECRET));
    await new Promise<void>((resolve) => gateway.server.close(() => resolve()));

    const error = await rejection(sender(gateway.url).send(MESSAGE));

    expect(error.message).toContain('ECONNREFUSED');
    expect(error.status).toBeUndefined();
    expectNothingPersonal(error);
  });

  it('refuses a number that is not a Thai mobile number without sending', async () => {
    const gateway = await startGateway(thaiBulkSmsGateway(API_KEY, API_SECRET));

    const error = await rejection(sender(gateway.url).send({ ...MESSAGE, to: '12345' }));

    expect(gateway.requests).toHaveLength(0);
    expect(error.message).not.toContain('12345');
  });
});
