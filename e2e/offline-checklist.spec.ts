import { todayInBangkok } from '@klaimor/contracts';
import { expect, test } from './support/fixtures';
import { registerThroughApi, screenshot } from './support/patient';

interface QueuedTicks {
  ticks: { id: string; taken: boolean; takenAt: string | null }[];
}

test('without a network, today’s checklist shows what was last synced, a tick waits on the phone, and is saved with its time once back online', async ({
  page,
  context,
}) => {
  let medicationId = '';
  await test.step('Given I am signed in with a medicine to take after breakfast and after dinner', async () => {
    await registerThroughApi(page);
    const added = await page.request.post('/api/medications', {
      data: {
        name: 'Metformin',
        strength: '500 mg',
        form: 'tablet',
        doses: { afterBreakfast: 1, afterDinner: 1 },
        startDate: todayInBangkok(),
        stock: 30,
      },
    });
    expect(added.status()).toBe(201);
    medicationId = ((await added.json()) as { data: { id: string }[] }).data[0].id;
  });

  await test.step('When I open today’s checklist with a network, the phone keeps a copy of it', async () => {
    await page.goto('/todo');
    await expect(page.getByText('ทานแล้ว 0 จาก 2 รายการ')).toBeVisible();
    await page.evaluate(async () => navigator.serviceWorker.ready);
    // Once the worker controls the page, the page and the code it runs are kept too.
    await page.reload();
    await expect(page.getByText('ทานแล้ว 0 จาก 2 รายการ')).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('klaimor.offline.copy') ?? ''))
      .toContain(medicationId);
  });

  await test.step('And with no network at all, opening it again shows the checklist from the last sync', async () => {
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'รายการที่ต้องทำประจำวัน' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'ไม่มีอินเทอร์เน็ต: แสดงข้อมูลที่บันทึกไว้ล่าสุด' })).toBeVisible();
    await expect(page.getByText('ทานแล้ว 0 จาก 2 รายการ')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Metformin 500 mg' })).toBeVisible();
  });

  let takenAt = '';
  await test.step('When I tick the after-breakfast dose, it is kept on the phone and waits to be sent', async () => {
    const dose = page.getByRole('checkbox', { name: 'Metformin 500 mg · 1 เม็ด' });
    await dose.check();
    await expect(dose).toBeChecked();
    const row = page.getByRole('listitem').filter({ has: dose });
    await expect(row.getByText('รอส่ง')).toBeVisible();
    await expect(page.getByText('ทานแล้ว 1 จาก 2 รายการ')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'รายการที่ติ๊กไว้บันทึกในเครื่องนี้แล้ว' })).toBeVisible();
    const queued = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('klaimor.offline.ticks'))) ?? 'null',
    ) as QueuedTicks;
    expect(queued.ticks).toHaveLength(1);
    takenAt = queued.ticks[0].takenAt!;
    const clock = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Asia/Bangkok',
    });
    await expect(row.getByText(`ทานแล้วเมื่อ ${clock.format(new Date(takenAt))} น.`)).toBeVisible();
    await screenshot(page, 'offline-checklist-waiting');
  });

  await test.step('When the network comes back, the tick is sent and saved with the time I ticked it', async () => {
    await context.setOffline(false);
    await expect(page.getByText('รอส่ง')).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'Metformin 500 mg · 1 เม็ด' })).toBeChecked();
    const res = await page.request.get('/api/checklist');
    expect(res.ok()).toBe(true);
    const [checklist] = (
      (await res.json()) as {
        data: {
          taken: number;
          doses: { medicationId: string; doseTime: string; taken: boolean; takenAt: string | null }[];
        }[];
      }
    ).data;
    expect(checklist.taken).toBe(1);
    expect(
      checklist.doses.find((d) => d.medicationId === medicationId && d.doseTime === 'afterBreakfast'),
    ).toMatchObject({ taken: true, takenAt });
    expect(await page.evaluate(() => localStorage.getItem('klaimor.offline.ticks'))).toBeNull();
    await screenshot(page, 'offline-checklist-sent');
  });
});
