import { expect, test } from './support/fixtures';
import { signInAsDemoPatient } from './support/patient';

test("a link from low on My Health opens the day's medicines at their top, and back returns where My Health was", async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await signInAsDemoPatient(page, request);
  await expect(page).toHaveURL(/\/myhealth$/);
  const todayDoses = page.getByRole('link', { name: /ยาวันนี้/ });
  await expect(todayDoses).toBeVisible();
  // The patient has read down My Health to its end, then taps "ยาวันนี้".
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  const leftAt = await page.evaluate(() => window.scrollY);
  await todayDoses.click();
  await expect(page).toHaveURL(/\/todo$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/myhealth$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(leftAt / 2);
});
