// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { prerenderPage } from './entry-server';

describe('prerendered pages', () => {
  it('render the sign-up form for a logged-out visitor, with its Next button off until hydration', async () => {
    const { html } = await prerenderPage('/signup');
    expect(html).toContain('<h1');
    expect(html).toContain('ลงทะเบียน');
    expect(html).toMatch(/<input[^>]*name="phone"/);
    expect(html).toMatch(/<button[^>]*type="submit" disabled=""/);
    expect(html).not.toContain('role="status"');
  });

  it('render the logged-out invitation on My Health, not a loading state', async () => {
    const { html } = await prerenderPage('/myhealth');
    expect(html).toContain('href="/login"');
    expect(html).toContain('href="/signup"');
    expect(html).not.toContain('role="status"');
  });

  it('carry exactly the styles their markup uses, as tags the browser cache adopts', async () => {
    const { html, styles } = await prerenderPage('/myhealth');
    const classes = new Set([...html.matchAll(/\bcss-([\w-]+)/g)].map((match) => match[1]));
    const styled = new Set([...styles.matchAll(/<style data-emotion="css ([^"]+)"/g)].flatMap((m) => m[1].split(' ')));
    for (const id of classes) expect(styled).toContain(id);
    expect(styles).toMatch(/<style data-emotion="css-global [\w-]+">html\{/);
  });
});
