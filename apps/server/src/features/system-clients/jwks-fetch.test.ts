import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JWKS_BYTES, addressAllowed, guardedJwksFetch } from './jwks-fetch.js';

let server: Server;
let port: number;
const KEYS = JSON.stringify({ keys: [] });

beforeAll(async () => {
  server = createServer((request, response) => {
    const body = request.url === '/big.json' ? `{"keys":[],"pad":"${'x'.repeat(MAX_JWKS_BYTES)}"}` : KEYS;
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const get = (reach: Parameters<typeof guardedJwksFetch>[0], url: string) =>
  guardedJwksFetch(reach)(url, {
    headers: new Headers({ accept: 'application/json' }),
    signal: AbortSignal.timeout(5000),
  });

describe("reading a system's key address", () => {
  it('reaches only the public internet in production', () => {
    for (const address of [
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.10',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
    ])
      expect(addressAllowed(address, 'public'), address).toBe(false);
    for (const address of ['::1', '::', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1'])
      expect(addressAllowed(address, 'public'), address).toBe(false);
    for (const address of ['8.8.8.8', '203.150.1.1', '2001:4860:4860::8888'])
      expect(addressAllowed(address, 'public')).toBe(true);
  });

  it('lets demo mode read from this machine, and nothing else private', () => {
    expect(addressAllowed('127.0.0.1', 'public_and_loopback')).toBe(true);
    expect(addressAllowed('::1', 'public_and_loopback')).toBe(true);
    expect(addressAllowed('10.0.0.1', 'public_and_loopback')).toBe(false);
    expect(addressAllowed('10.0.0.1', 'anywhere')).toBe(true);
  });

  it('refuses this machine by its address and by its name, before any request is made', async () => {
    await expect(get('public', `http://127.0.0.1:${port}/jwks.json`)).rejects.toThrow(/public internet/);
    await expect(get('public', `http://localhost:${port}/jwks.json`)).rejects.toThrow(/public internet/);
    const allowed = await get('public_and_loopback', `http://localhost:${port}/jwks.json`);
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ keys: [] });
  });

  it('stops reading a body larger than a key set can be', async () => {
    await expect(get('public_and_loopback', `http://127.0.0.1:${port}/big.json`)).rejects.toThrow(/larger/);
  });
});
