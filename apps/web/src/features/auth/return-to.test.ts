import { describe, expect, it } from 'vitest';
import { isSafeReturnPath, readReturnTo } from './return-to';

describe('return path after signing in', () => {
  it.each([
    '/history',
    '/asd',
    '/medicalRight',
    '/todo',
    '/appointments/42',
    '/history?month=2025-06',
    '/my-data/summary#top',
  ])('keeps the same-app path %s', (path) => {
    expect(isSafeReturnPath(path)).toBe(true);
    expect(readReturnTo(null, `?${new URLSearchParams({ returnTo: path })}`, '/myhealth')).toBe(path);
    expect(readReturnTo({ returnTo: path }, '', '/myhealth')).toBe(path);
  });

  it.each([
    '//evil.example',
    '//evil.example/history',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /history',
    'https://evil.example/history',
    'http:/evil.example',
    'javascript:alert(1)',
    'history',
    '',
  ])('refuses %j and goes to the fallback instead', (path) => {
    expect(isSafeReturnPath(path)).toBe(false);
    expect(readReturnTo(null, `?${new URLSearchParams({ returnTo: path })}`, '/myhealth')).toBe('/myhealth');
    expect(readReturnTo({ returnTo: path }, '', '/myhealth')).toBe('/myhealth');
  });

  it('refuses an encoded double slash in the query', () => {
    expect(readReturnTo(null, '?returnTo=%2F%2Fevil.example', '/myhealth')).toBe('/myhealth');
  });

  it('never goes back to the sign-in pages themselves', () => {
    expect(readReturnTo(null, '?returnTo=/login', '/myhealth')).toBe('/myhealth');
    expect(readReturnTo(null, '?returnTo=%2FSignup%3FreturnTo%3D%2Fhistory', '/myhealth')).toBe('/myhealth');
    expect(readReturnTo(null, '?returnTo=/login-help', '/myhealth')).toBe('/login-help');
  });

  it('uses the fallback when nothing is given or the state holds no string', () => {
    expect(readReturnTo(null, '', '/myhealth')).toBe('/myhealth');
    expect(readReturnTo({ returnTo: 42 }, '', '/myhealth')).toBe('/myhealth');
  });
});
