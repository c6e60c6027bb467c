import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const base = { NODE_ENV: 'test', SECRET_KEY: 'k'.repeat(32) };

describe('payment provider configuration', () => {
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
    expect(loadConfig({ ...base, PAYMENT_PROVIDER: 'omise', OMISE_SECRET_KEY: key, OMISE_API_URL: 'http://127.0.0.1:9' }).payments).toMatchObject({
      apiUrl: 'http://127.0.0.1:9',
    });
  });

  it('refuses Omise without a secret key', () => {
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'omise' })).toThrow('OMISE_SECRET_KEY must be set when PAYMENT_PROVIDER=omise');
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
