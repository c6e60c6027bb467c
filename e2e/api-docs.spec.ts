import { expect, test } from './support/fixtures';

test('the API docs page works under the server’s Content-Security-Policy', async ({ page }) => {
  await test.step('When I open /api/docs, Swagger UI lays out the document from /api/docs/json', async () => {
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: /ใกล้หมอ \(KlaiMor\) patient API/ })).toBeVisible();
    await expect(page.getByText('/api/health', { exact: true })).toBeVisible();
  });

  await test.step('And trying a call from it reaches the API', async () => {
    await page.getByText('/api/health', { exact: true }).click();
    await page.getByRole('button', { name: 'Try it out' }).click();
    await page.getByRole('button', { name: 'Execute' }).click();
    await expect(page.locator('.live-responses-table')).toContainText(/"database":\s*"ok"/);
  });
});
