import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOmise, startFakeOmise } from '../../test/fake-omise.js';
import { createOmisePaymentProvider } from './omise-provider.js';
import { PaymentProviderError } from './payment-provider.js';

const SECRET_KEY = 'skey_test_60fakesecret0key';
// base64("skey_test_60fakesecret0key:"), written out so the test does not share the provider's encoding code.
const EXPECTED_AUTH = 'Basic c2tleV90ZXN0XzYwZmFrZXNlY3JldDBrZXk6';
const EXPIRES_AT = new Date('2030-01-02T03:04:05.678Z');

let omise: FakeOmise;
beforeAll(async () => {
  omise = await startFakeOmise(SECRET_KEY);
});
afterAll(() => omise.close());
beforeEach(() => {
  omise.requests.length = 0;
  omise.outage = false;
});

const provider = (overrides: { secretKey?: string; apiUrl?: string; timeoutMs?: number } = {}) =>
  createOmisePaymentProvider({ secretKey: SECRET_KEY, apiUrl: omise.url, ...overrides });

async function rejection(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const outcome = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(outcome).toBeInstanceOf(PaymentProviderError);
  return outcome as PaymentProviderError;
}

const deposit = (appointmentId = randomUUID()) => ({
  appointmentId,
  amountBaht: 200,
  promptpayId: '0000000000019',
  expiresAt: EXPIRES_AT,
});

describe('requestDeposit', () => {
  it('creates a PromptPay source, then a charge for it, and returns the charge id and its QR image', async () => {
    const appointmentId = randomUUID();
    const result = await provider().requestDeposit(deposit(appointmentId));

    expect(omise.requests.map((r) => [r.method, r.path])).toEqual([
      ['POST', '/sources'],
      ['POST', '/charges'],
    ]);
    const [source, charge] = omise.requests;
    for (const request of omise.requests) {
      expect(request.headers.authorization).toBe(EXPECTED_AUTH);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['omise-version']).toBe('2019-05-29');
    }
    expect(source.body).toEqual({ type: 'promptpay', amount: 20000, currency: 'thb' });
    const sourceId = [...omise.charges.values()].find((c) => c.id === result.reference)?.source?.id;
    expect(charge.body).toEqual({
      amount: 20000,
      currency: 'thb',
      source: sourceId,
      expires_at: '2030-01-02T03:04:05Z',
      metadata: { appointment_id: appointmentId },
    });

    const stored = omise.charges.get(result.reference!)!;
    expect(result).toEqual({
      reference: stored.id,
      promptpayPayload: null,
      qrImageUrl: (stored.source as { scannable_code: { image: { download_uri: string } } }).scannable_code.image
        .download_uri,
    });
    expect(result.reference).toMatch(/^chrg_test_/);
    expect(result.qrImageUrl).toMatch(/\/downloads\/qr\.png$/);
  });

  it('turns an Omise error object into a PaymentProviderError that names the code but not the key', async () => {
    const wrongKey = 'skey_test_60wrong0secret0key';
    const error = await rejection(provider({ secretKey: wrongKey }).requestDeposit(deposit()));
    expect(error.message).toBe(
      'Omise: creating the PromptPay source: HTTP 401 authentication_failure authentication failed',
    );
    expect(error.message).not.toContain(wrongKey);
    expect(omise.requests).toHaveLength(1);
  });

  it('refuses a reply that is no Omise object', async () => {
    omise.outage = true;
    const error = await rejection(provider().requestDeposit(deposit()));
    expect(error.message).toBe('Omise: creating the PromptPay source: HTTP 502 no error object');
  });

  it('gives up after the timeout when Omise does not answer', async () => {
    const silent = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const apiUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const started = Date.now();
      const error = await rejection(provider({ apiUrl, timeoutMs: 300 }).requestDeposit(deposit()));
      expect(error.message).toBe('Omise: no answer within 300 ms');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('fails plainly when nothing listens at the API address', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await rejection(provider({ apiUrl }).requestDeposit(deposit()));
    expect(error.message).toBe('Omise: unreachable (ECONNREFUSED)');
    expect(error.message).not.toContain(SECRET_KEY);
  });
});

describe('findPayment', () => {
  it('reports what Omise says of the charge: pending, then paid', async () => {
    const appointmentId = randomUUID();
    const { reference } = await provider().requestDeposit(deposit(appointmentId));
    omise.requests.length = 0;

    const pending = await provider().findPayment(reference!);
    expect(pending).toEqual({
      reference,
      status: 'pending',
      amountMinor: 20000,
      currency: 'THB',
      appointmentId,
      paidAt: null,
    });
    expect(omise.requests.map((r) => [r.method, r.path, r.headers.authorization])).toEqual([
      ['GET', `/charges/${reference}`, EXPECTED_AUTH],
    ]);

    omise.markPaid(reference!);
    const paid = await provider().findPayment(reference!);
    expect(paid?.status).toBe('paid');
    expect(paid?.paidAt?.toISOString().replace(/\.\d{3}Z$/, 'Z')).toBe(omise.charges.get(reference!)!.paid_at);
  });

  it.each([
    ['failed', false, 'failed'],
    ['expired', false, 'failed'],
    ['reversed', false, 'failed'],
    ['successful', false, 'pending'],
  ] as const)('counts a %s charge (paid: %s) as %s', async (status, paid, expected) => {
    const charge = omise.addCharge({ amount: 15000, status, paid, metadata: { appointment_id: 'x' } });
    expect((await provider().findPayment(charge.id))?.status).toBe(expected);
  });

  it('answers null for a charge Omise does not know, and never sends what is no charge id', async () => {
    expect(await provider().findPayment('chrg_test_000unknown')).toBeNull();
    expect(omise.requests).toHaveLength(1);
    expect(await provider().findPayment('../sources')).toBeNull();
    expect(await provider().findPayment('chrg_test_x/refunds')).toBeNull();
    expect(omise.requests).toHaveLength(1);
  });

  it('fails when Omise cannot be asked, rather than calling the payment unknown', async () => {
    const error = await rejection(provider({ secretKey: 'skey_test_60other0key' }).findPayment('chrg_test_000unknown'));
    expect(error.message).toContain('HTTP 401 authentication_failure');
  });
});

describe('refund', () => {
  it('refunds the whole deposit of a paid charge, once, under a key derived from the appointment', async () => {
    const appointmentId = randomUUID();
    const { reference } = await provider().requestDeposit(deposit(appointmentId));
    omise.markPaid(reference!);
    omise.requests.length = 0;

    await provider().refund({ appointmentId, reference, amountBaht: 200 });
    expect(omise.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['GET', `/charges/${reference}`, null],
      ['POST', `/charges/${reference}/refunds`, { amount: 20000 }],
    ]);
    expect(omise.requests.map((r) => r.headers.authorization)).toEqual([EXPECTED_AUTH, EXPECTED_AUTH]);
    expect(omise.requests[1].headers['idempotency-key']).toBe(`refund-${appointmentId}`);
    expect(omise.charges.get(reference!)?.refunded_amount).toBe(20000);
  });

  it('asks for no second refund when Omise has returned the deposit already (say, before a crash let us record it)', async () => {
    const appointmentId = randomUUID();
    const { reference } = await provider().requestDeposit(deposit(appointmentId));
    omise.markPaid(reference!);
    await provider().refund({ appointmentId, reference, amountBaht: 200 });
    omise.requests.length = 0;

    await provider().refund({ appointmentId, reference, amountBaht: 200 });
    expect(omise.requests.map((r) => [r.method, r.path])).toEqual([['GET', `/charges/${reference}`]]);
    expect(omise.charges.get(reference!)?.refunded_amount).toBe(20000);
  });

  it('fails with the reason Omise gives when it refuses', async () => {
    const { reference } = await provider().requestDeposit(deposit());
    const error = await rejection(provider().refund({ appointmentId: randomUUID(), reference, amountBaht: 200 }));
    expect(error.message).toBe('Omise: refunding: HTTP 400 failed_refund charge is not paid');
  });

  it('asks nothing of Omise when no charge was made', async () => {
    await provider().refund({ appointmentId: randomUUID(), reference: null, amountBaht: 200 });
    await provider().refund({ appointmentId: randomUUID(), reference: 'chrg_test_abc', amountBaht: 0 });
    expect(omise.requests).toHaveLength(0);
  });
});
