import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiOne, apiRequest } from './client';

function reply(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON with credentials and returns the first data item', async () => {
    const fetchMock = vi.fn().mockResolvedValue(reply(202, { data: [{ expiresInSec: 300, resendAfterSec: 30 }] }));
    vi.stubGlobal('fetch', fetchMock);
    const result = await apiOne('/api/auth/otp', { method: 'POST', body: { phone: '0812345678' } });
    expect(result).toEqual({ expiresInSec: 300, resendAfterSec: 30 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/otp');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"phone":"0812345678"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('parses the error shape, field reasons and Retry-After', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          reply(
            429,
            { error: { code: 'otp_rate_limited', message: 'slow down', fields: { phone: 'invalid_phone' } } },
            { 'Retry-After': '42' },
          ),
        ),
    );
    const error = await apiRequest('/api/auth/otp', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'otp_rate_limited', message: 'slow down', retryAfterSec: 42 });
    expect((error as ApiError).fields).toEqual({ phone: 'invalid_phone' });
  });

  it('turns a failed request into a network_error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiRequest('/api/users/me')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('keeps the status of a reply that is not our error shape', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 })));
    await expect(apiRequest('/api/users/me')).rejects.toMatchObject({ status: 502, code: 'unknown_error' });
  });

  it('returns undefined for 204', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(null, { status: 204 })));
    await expect(apiRequest('/api/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });
});
