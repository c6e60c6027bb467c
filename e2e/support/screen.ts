import { type Page, expect } from '@playwright/test';
import { hardToReadText } from './readable';
import { unreadableText } from './text-fit';

/** The screen is drawn: its heading, nothing still loading. */
export async function shown(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0);
}

/** Every text on the screen reads whole, at a size a reader with presbyopia reads (softly: the journey goes on). */
export async function readsWell(page: Page, name: string): Promise<void> {
  expect.soft(await unreadableText(page), `text cut off or overlapping on ${name}`).toEqual([]);
  expect.soft(await hardToReadText(page), `text too small or too faint on ${name}`).toEqual([]);
}
