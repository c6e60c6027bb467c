import { config } from 'zod';
import { describe, expect, it } from 'vitest';
import './zod-without-eval';

describe('zod-without-eval', () => {
  it('turns off the new Function() parsers in the Zod the app uses, so the Content-Security-Policy needs no eval', () => {
    expect(config().jitless).toBe(true);
  });
});
