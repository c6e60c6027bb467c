import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const base = { NODE_ENV: 'test', SECRET_KEY: 'k'.repeat(32) };

describe('payment provider configuration', () => {
  it('has no metrics token unless given one, and refuses one too short to be a secret', () => {
    expect(loadConfig(base).metricsToken).toBeNull();
    const token = 'a-scraper-token-of-thirty-two-chars';
    expect(loadConfig({ ...base, METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('takes development payments unless told otherwise', () => {
    expect(loadConfig(base).payments).toEqual({ provider: 'development' });
  });

  it('takes Omise with its secret key, at api.omise.co unless another address is given', () => {
    const key = 'skey_test_5abcdefghijklmnop';
    expect(loadConfig({ ...base, PAYMENT_PROVIDER: 'omise', OMISE_SECRET_KEY: key }).payments).toEqual({
      provider: 'omise',
      secretKey: key,
      apiUrl: 'https://api.omise.co',
    });
    expect(
      loadConfig({ ...base, PAYMENT_PROVIDER: 'omise', OMISE_SECRET_KEY: key, OMISE_API_URL: 'http://127.0.0.1:9' })
        .payments,
    ).toMatchObject({
      apiUrl: 'http://127.0.0.1:9',
    });
  });

  it('refuses Omise without a secret key', () => {
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'omise' })).toThrow(
      'OMISE_SECRET_KEY must be set when PAYMENT_PROVIDER=omise',
    );
  });

  it('refuses a public key in place of the secret one, without repeating it', () => {
    const publicKey = 'pkey_test_5abcdefghijklmnop';
    const attempt = () => loadConfig({ ...base, PAYMENT_PROVIDER: 'omise', OMISE_SECRET_KEY: publicKey });
    expect(attempt).toThrow('OMISE_SECRET_KEY: must be an Omise secret key (skey_…)');
    expect(attempt).not.toThrow(publicKey);
  });

  it('refuses an unknown provider', () => {
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER/);
  });
});

describe('modes', () => {
  const production = {
    NODE_ENV: 'production',
    APP_MODE: 'production',
    SECRET_KEY: 'k'.repeat(32),
    SMS_DRIVER: 'thaibulksms',
    THAIBULKSMS_API_KEY: 'key',
    THAIBULKSMS_API_SECRET: 'secret',
    THAIBULKSMS_SENDER: 'KlaiMor',
    PAYMENT_PROVIDER: 'omise',
    OMISE_SECRET_KEY: 'skey_test_5abcdefghijklmnop',
    PUBLIC_URL: 'https://klaimor.example',
    FHIR_SIGNING_KEY: p384Jwk(),
  };

  it('is demo mode unless told otherwise, with the development outbox, simulated deposits and the demo patient', () => {
    const config = loadConfig(base);
    expect(config.mode).toBe('demo');
    expect(config.sms.driver).toBe('console');
    expect(config.payments.provider).toBe('development');
    expect(config.seedDemoData).toBe(true);
  });

  it('stays demo mode under NODE_ENV=production: the mode is said, never guessed', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).mode).toBe('demo');
  });

  it('starts production mode with a real SMS gateway, Omise and a given key, and seeds nothing', () => {
    const config = loadConfig(production);
    expect(config.mode).toBe('production');
    expect(config.seedDemoData).toBe(false);
    expect(config.smart.httpJwks).toBe('none');
  });

  it.each([
    ['the development SMS outbox', { SMS_DRIVER: undefined }, 'SMS_DRIVER=thaibulksms'],
    ['the console SMS driver named outright', { SMS_DRIVER: 'console' }, 'SMS_DRIVER=thaibulksms'],
    ['the development payment provider', { PAYMENT_PROVIDER: undefined }, 'PAYMENT_PROVIDER=omise'],
    ['a secret key generated into the data directory', { SECRET_KEY: undefined }, 'SECRET_KEY'],
    ['the demo patient', { SEED_DEMO_DATA: 'true' }, 'SEED_DEMO_DATA'],
    ['no public address', { PUBLIC_URL: undefined }, 'PUBLIC_URL=https://'],
    ['a public address in plain http', { PUBLIC_URL: 'http://klaimor.example' }, 'PUBLIC_URL=https://'],
    ["hospital systems' keys read over plain http", { SMART_ALLOW_HTTP_JWKS: 'true' }, 'SMART_ALLOW_HTTP_JWKS'],
    ['a signing key generated into the data directory', { FHIR_SIGNING_KEY: undefined }, 'FHIR_SIGNING_KEY'],
  ])('refuses production mode with %s', (_what, change, needed) => {
    expect(() => loadConfig({ ...production, ...change })).toThrow(`APP_MODE=production needs ${needed}`);
  });

  it('refuses an unknown mode', () => {
    expect(() => loadConfig({ ...base, APP_MODE: 'staging' })).toThrow(/APP_MODE/);
  });
});

describe('Web Push configuration', () => {
  const keys = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'p'.repeat(43) };

  it('is off unless keys are given (and in tests)', () => {
    expect(loadConfig(base).webPush).toBeNull();
    expect(
      loadConfig({
        ...base,
        APP_MODE: 'production',
        SMS_DRIVER: 'thaibulksms',
        THAIBULKSMS_API_KEY: 'k',
        THAIBULKSMS_API_SECRET: 's',
        THAIBULKSMS_SENDER: 'KlaiMor',
        PAYMENT_PROVIDER: 'omise',
        OMISE_SECRET_KEY: 'skey_test_1',
        SEED_DEMO_DATA: 'false',
        PUBLIC_URL: 'https://klaimor.example',
        FHIR_SIGNING_KEY: p384Jwk(),
      }).webPush,
    ).toBeNull();
  });

  it('takes a key pair with its contact, and refuses half of one', () => {
    expect(loadConfig({ ...base, ...keys, VAPID_SUBJECT: 'mailto:ops@klaimor.example' }).webPush).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: 'mailto:ops@klaimor.example',
    });
    expect(() => loadConfig({ ...base, ...keys })).toThrow('VAPID_SUBJECT must be set when the VAPID keys are set');
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(
      'VAPID_PRIVATE_KEY must be set',
    );
    expect(() => loadConfig({ ...base, ...keys, VAPID_SUBJECT: 'ops@klaimor.example' })).toThrow(
      'VAPID_SUBJECT: must be a mailto: or https: address',
    );
  });

  it('in demo mode makes a key pair once and keeps it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vapid-'));
    const first = loadConfig({ SECRET_KEY: base.SECRET_KEY, DATA_DIR: dir }).webPush;
    expect(first?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(loadConfig({ SECRET_KEY: base.SECRET_KEY, DATA_DIR: dir }).webPush).toEqual(first);
  });
});

describe('LINE configuration', () => {
  it('is off unless configured, and refuses half of it', () => {
    expect(loadConfig(base).line).toBeNull();
    expect(() => loadConfig({ ...base, LINE_CHANNEL_ACCESS_TOKEN: 'token' })).toThrow(
      'LINE_LOGIN_CHANNEL_ID must be set when LINE is configured',
    );
    expect(
      loadConfig({
        ...base,
        LINE_CHANNEL_ACCESS_TOKEN: 'token',
        LINE_LOGIN_CHANNEL_ID: '1650000001',
        LINE_LOGIN_CHANNEL_SECRET: 's',
      }).line,
    ).toEqual({
      channelAccessToken: 'token',
      loginChannelId: '1650000001',
      loginChannelSecret: 's',
      addFriendUrl: null,
      apiUrl: 'https://api.line.me',
      accessUrl: 'https://access.line.me',
    });
  });
});

describe('hospital systems (SMART Backend Services)', () => {
  it('names the token endpoint on the public address, and reads keys over http only from this machine in demo mode', () => {
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://klaimor.example' }).smart).toEqual({
      tokenEndpoint: 'https://klaimor.example/fhir/auth/token',
      httpJwks: 'loopback',
      tokensPerMinute: 30,
    });
    expect(loadConfig({ ...base, SMART_ALLOW_HTTP_JWKS: 'true', SMART_TOKENS_PER_MINUTE: '5' }).smart).toMatchObject({
      httpJwks: 'any',
      tokensPerMinute: 5,
    });
  });
});

describe("facilities' own availability feeds", () => {
  it('are read every 15 minutes unless told otherwise, and refuse an interval of none or over a day', () => {
    expect(loadConfig(base).slotFeeds).toEqual({ intervalMinutes: 15 });
    expect(loadConfig({ ...base, SLOT_FEED_INTERVAL_MIN: '5' }).slotFeeds).toEqual({ intervalMinutes: 5 });
    expect(() => loadConfig({ ...base, SLOT_FEED_INTERVAL_MIN: '0' })).toThrow(/SLOT_FEED_INTERVAL_MIN/);
    expect(() => loadConfig({ ...base, SLOT_FEED_INTERVAL_MIN: '1441' })).toThrow(/SLOT_FEED_INTERVAL_MIN/);
  });
});

describe('backups', () => {
  it('go to ./backups, the newest 14 kept, unless told otherwise, and keep at least one', () => {
    expect(loadConfig(base).backups).toEqual({ dir: path.resolve('backups'), keep: 14 });
    expect(loadConfig({ ...base, BACKUP_DIR: '/srv/backups', BACKUP_KEEP: '30' }).backups).toEqual({
      dir: '/srv/backups',
      keep: 30,
    });
    expect(() => loadConfig({ ...base, BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });
});

function p384Jwk(curve = 'P-384'): string {
  return JSON.stringify(generateKeyPairSync('ec', { namedCurve: curve }).privateKey.export({ format: 'jwk' }));
}

describe("the signing key of what hospitals' systems are sent", () => {
  it('is the configured P-384 key, named by its thumbprint, its public half without the private part', () => {
    const jwk = JSON.parse(p384Jwk()) as { x: string; y: string; d: string };
    const key = loadConfig({ ...base, FHIR_SIGNING_KEY: JSON.stringify(jwk) }).fhirSigningKey;
    expect(key.privateJwk).toMatchObject({ x: jwk.x, y: jwk.y, d: jwk.d });
    expect(key.publicJwk).toMatchObject({ kty: 'EC', crv: 'P-384', x: jwk.x, y: jwk.y, alg: 'ES384' });
    expect(key.publicJwk).not.toHaveProperty('d');
    expect(key.publicJwk.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it.each([
    ['not JSON', 'not a key'],
    ['a P-256 key', p384Jwk('P-256')],
    ['a public key only', JSON.stringify({ ...JSON.parse(p384Jwk()), d: undefined })],
  ])('refuses %s without printing it', (_what, value) => {
    expect(() => loadConfig({ ...base, FHIR_SIGNING_KEY: value })).toThrow(
      'FHIR_SIGNING_KEY must be a private P-384 (ES384) key as a JSON Web Key',
    );
  });

  it('is made once in demo mode and kept in the data directory', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'signing-'));
    const demo = { SECRET_KEY: base.SECRET_KEY, DATA_DIR: dir };
    const first = loadConfig(demo).fhirSigningKey;
    expect(loadConfig(demo).fhirSigningKey).toEqual(first);
    expect(statSync(path.join(dir, '.fhir-signing-key.json')).mode & 0o777).toBe(0o600);
  });
});

describe('the reverse proxy in front', () => {
  it('trusts no proxy unless told, and every proxy with true', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('trusts only the proxies listed, by address or network', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ ...base, TRUST_PROXY: ' 10.0.0.5, 10.1.0.0/16 ,::1,fd00::/8, loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses an entry that is no address, naming it', () => {
    for (const wrong of ['ture', '10.0.0.5,proxy.example', '10.0.0.0/33', '::1/129', '10.0.0.5,', '256.0.0.1']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: wrong })).toThrow(/TRUST_PROXY/);
    }
  });
});
