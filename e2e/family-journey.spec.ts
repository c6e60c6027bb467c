import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import type { CardHolder } from '../bench/ocr/people';
import { cardPhoto, syntheticHolder } from './support/id-card';
import { tilePng } from './support/map-tiles';
import { enterSentCode, latestCode, newPhone, onPhone, registerThroughApi, screenshot, typed } from './support/patient';

/** The daughter's mother, as her ID card says: an elderly woman with an old basic phone and no smartphone. */
function motherOnCard(): CardHolder {
  const base = syntheticHolder('365120044712');
  return {
    ...base,
    prefix: 'นาง',
    gender: 'female',
    firstname: 'บุญมี',
    lastname: 'ศรีสุข',
    englishPrefix: 'Mrs.',
    englishFirstname: 'Boonmee',
    englishLastname: 'Srisuk',
    birthday: '1955-03-14',
    printed: { ...base.printed, thaiBirthday: '14 มี.ค. 2498', englishBirthday: '14 Mar. 1955' },
  };
}

test.use({ geolocation: { latitude: 13.7563, longitude: 100.4888 } });

/** The clock in Bangkok `minutes` from now: 'HH:MM'. */
const bangkokClock = (minutes: number) =>
  new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Bangkok',
  }).format(Date.now() + minutes * 60_000);
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());

/** A desktop-like page to draw the card in. */
async function drawingPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, deviceScaleFactor: 1 });
  return context.newPage();
}

test('a daughter cares for her mother without a phone: adds her from her ID card, books for her, ticks her dose, is told of a missed one; the mother later limits her to medicines', async ({
  browser,
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const mother = motherOnCard();
  const mothersPhone = newPhone();
  let motherId = '';
  const tile = tilePng();
  await page.route('**/*/*/*.png', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: tile }));
  await context.grantPermissions(['geolocation']);

  await test.step('Given a daughter registered on her phone', async () => {
    await registerThroughApi(page, { firstname: 'มาลี', lastname: 'ศรีสุข' });
    await page.goto('/myhealth');
    await expect(page.getByRole('heading', { name: 'สุขภาพของฉัน' })).toBeVisible();
  });

  await test.step('When she adds her mother, who has no smartphone, by scanning her ID card', async () => {
    await page.goto('/family');
    await page.getByRole('button', { name: 'เพิ่มสมาชิกครอบครัว' }).click();
    const dialog = page.getByRole('dialog', { name: 'เพิ่มสมาชิกครอบครัว' });
    await expect(dialog.getByRole('radio', { name: /ยังไม่มีแอปใกล้หมอ/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'สแกนบัตรประชาชน' }).click();
    const drawing = await drawingPage(browser);
    const photo = await cardPhoto(drawing, mother, 'family-mother-card');
    await drawing.context().close();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'card.jpg', mimeType: photo.mime, buffer: photo.bytes });
    await expect(dialog.getByText('อ่านบัตรแล้ว กรุณาตรวจสอบทุกช่องก่อนบันทึก')).toBeVisible({ timeout: 60_000 });
    const id = mother.thaiId;
    await expect(dialog.getByRole('textbox', { name: 'เลขประจำตัวประชาชน' })).toHaveValue(
      new RegExp(`^${id[0]}-?${id.slice(1, 5)}-?${id.slice(5, 10)}-?${id.slice(10, 12)}-?${id[12]}$`),
    );
    await expect(dialog.getByRole('combobox', { name: 'ปี พ.ศ.' }).locator('option:checked')).toHaveText('2498');
    await screenshot(page, 'family-journey-01-card-read');
  });

  await test.step('And checks the names, says she is her daughter, and her mother reads out the code sent to her basic phone', async () => {
    const dialog = page.getByRole('dialog', { name: 'เพิ่มสมาชิกครอบครัว' });
    await dialog.getByRole('textbox', { name: 'ชื่อ', exact: true }).fill(mother.firstname);
    await dialog.getByRole('textbox', { name: 'นามสกุล' }).fill(mother.lastname);
    await dialog.getByRole('combobox', { name: 'ความสัมพันธ์' }).selectOption({ label: 'ลูก' });
    await expect(dialog.getByText(/อายุ 20 ปีขึ้นไป: เจ้าตัวต้องยินยอมเอง/)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'เบอร์มือถือของเขา' }).fill(typed(mothersPhone));
    await dialog.getByRole('button', { name: 'ส่งรหัส' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: /ขอให้เจ้าของเบอร์อ่านรหัส/ })).toBeVisible();
    await dialog
      .getByRole('textbox', { name: 'รหัส 6 หลักที่เขาอ่านให้ฟัง' })
      .fill(await latestCode(page.request, mothersPhone));
    await screenshot(page, 'family-journey-02-consent-code');
    await dialog.getByRole('button', { name: 'เพิ่มสมาชิกครอบครัว' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    const card = page.getByRole('article', { name: 'บุญมี ศรีสุข' });
    await expect(card).toBeVisible();
    await screenshot(page, 'family-journey-03-mother-added');
    const links = (await (await page.request.get('/api/family')).json()).data as {
      person: { id: string; firstname: string };
    }[];
    motherId = links.find((l) => l.person.firstname === 'บุญมี')!.person.id;
  });

  await test.step('Then she switches to her mother, books her a screening, and the booking says for whom', async () => {
    await page.getByRole('button', { name: 'ดูข้อมูลของ บุญมี' }).click();
    await expect(page.getByRole('region', { name: 'ข้อมูลของ' }).getByText('บุญมี ศรีสุข')).toBeVisible();
    await page.goto('/?hospital=siriraj-hospital');
    await expect(page.getByRole('heading', { level: 2, name: 'โรงพยาบาลศิริราช' })).toBeVisible();
    await page.getByRole('button', { name: 'ระบุอาการ' }).click();
    await expect(page.getByText('จองให้: บุญมี ศรีสุข')).toBeVisible();
    await page.getByRole('textbox', { name: 'ระบุอาการเบื้องต้น' }).fill('เวียนศีรษะ ความดันสูง');
    await page.getByRole('textbox', { name: 'ระยะเวลาที่พบอาการ' }).fill('3 วัน');
    // Tomorrow's first time: none is chosen for her, and one starting today might pass while the test books it.
    await page.getByRole('group', { name: 'เลือกวัน' }).getByRole('button').nth(1).click();
    await page.getByRole('radiogroup', { name: 'เลือกเวลานัดตรวจคัดกรอง' }).getByRole('radio').first().check();
    await page.getByRole('button', { name: 'ส่งข้อมูล' }).click();
    await expect(page.getByText('กรุณาชำระเงินมัดจำเพื่อรับการคัดกรองอาการ')).toBeVisible();
    await page.getByRole('button', { name: 'จำลองการชำระเงิน (โหมดพัฒนา)' }).click();
    await expect(page.getByText('นัดหมายสำเร็จ')).toBeVisible();
    await expect(page.getByText('ได้รับเงินมัดจำแล้ว')).toBeVisible();
    await screenshot(page, 'family-journey-04-booked-for-mother');
    const mine = (await (await page.request.get('/api/appointments')).json()).data;
    const hers = (await (await page.request.get(`/api/appointments?patient=${motherId}`)).json()).data;
    expect(mine).toEqual([]);
    expect(hers).toEqual([
      expect.objectContaining({ status: 'booked', hospital: expect.objectContaining({ id: 'siriraj-hospital' }) }),
    ]);
  });

  await test.step("And with her mother's medicines in the app, she ticks the morning dose", async () => {
    const add = (body: Record<string, unknown>) =>
      page.request.post(`/api/medications?patient=${motherId}`, { data: body });
    expect(
      (
        await add({
          name: 'Amlodipine',
          strength: '5 mg',
          form: 'tablet',
          doses: { afterBreakfast: 1 },
          startDate: today(),
        })
      ).status(),
    ).toBe(201);
    // The evening pill's time was 14 minutes ago, so the alert (15 minutes after, the shortest delay) comes within a
    // minute or two. (Run in the first quarter hour of a Bangkok day, the pill would be tonight's and no alert comes.)
    const evening = { label: 'ยาเย็น', time: bangkokClock(-14), amount: 1 };
    expect(
      (
        await add({
          name: 'Losartan',
          strength: '50 mg',
          form: 'tablet',
          doses: {},
          customDose: evening,
          startDate: today(),
        })
      ).status(),
    ).toBe(201);
    const [link] = (await (await page.request.get('/api/family')).json()).data as { id: string }[];
    expect(
      (await page.request.patch(`/api/family/links/${link!.id}`, { data: { missedDoseAfterMinutes: 15 } })).status(),
    ).toBe(200);
    await page.goto('/todo');
    await expect(page.getByRole('region', { name: 'ข้อมูลของ' }).getByText('บุญมี ศรีสุข')).toBeVisible();
    // The checklist opens the time of day at hand; the morning may be folded away by now.
    const breakfast = page.getByRole('button', { name: /^หลังอาหารเช้า/ });
    if ((await breakfast.getAttribute('aria-expanded')) !== 'true') await breakfast.click();
    const morning = page.getByRole('checkbox', { name: /Amlodipine/ });
    // A click, then a retrying expectation: the tick is drawn after the mutation's first await.
    await morning.click();
    await expect(morning).toBeChecked();
    await screenshot(page, 'family-journey-05-mother-checklist');
  });

  await test.step('When the evening dose is not ticked, the daughter is told, with a button to call her mother', async () => {
    let alert: { title: string; callPhone: string | null } | undefined;
    await expect
      .poll(
        async () => {
          const list = (await (await page.request.get('/api/notifications')).json()).data as {
            kind: string;
            title: string;
            callPhone: string | null;
          }[];
          alert = list.find((n) => n.kind === 'missed_dose');
          return alert;
        },
        { timeout: 150_000, intervals: [3_000] },
      )
      .toBeTruthy();
    expect(alert).toMatchObject({ title: 'คุณบุญมียังไม่ได้ทานยา ยาเย็น', callPhone: mothersPhone });
    await page.goto('/notifications');
    const item = page.getByRole('listitem').filter({ hasText: 'คุณบุญมียังไม่ได้ทานยา ยาเย็น' });
    await expect(item.getByRole('link', { name: /โทรหา/ })).toHaveAttribute('href', `tel:${mothersPhone}`);
    await screenshot(page, 'family-journey-06-missed-dose-alert');
  });

  await test.step('Later the mother, given her own phone, signs in with her number, sees her daughter can act for her and limits it to medicines', async () => {
    const phone = await browser.newContext(onPhone(baseURL));
    const hers = await phone.newPage();
    await hers.goto('/login');
    await hers.getByLabel('เบอร์โทรศัพท์มือถือ').fill(typed(mothersPhone));
    await hers.getByRole('button', { name: 'ถัดไป' }).click();
    await expect(hers.getByRole('textbox', { name: 'หลักที่ 1' })).toBeVisible();
    await enterSentCode(hers, hers.request, mothersPhone);
    await hers.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    // Her own account: she consents to the terms herself.
    await hers.getByRole('button', { name: 'ยอมรับและใช้งานต่อ' }).click();
    await hers.goto('/family');
    const daughter = hers.getByRole('article', { name: 'มาลี ศรีสุข' });
    await expect(daughter).toBeVisible();
    await expect(daughter.getByRole('checkbox', { name: /จองนัดและชำระมัดจำ/ })).toBeChecked();
    await screenshot(hers, 'family-journey-07-mother-sees-access');
    await daughter.getByRole('checkbox', { name: /ดูข้อมูลสุขภาพ/ }).uncheck();
    await daughter.getByRole('checkbox', { name: /จองนัดและชำระมัดจำ/ }).uncheck();
    await daughter.getByRole('button', { name: 'บันทึกการเปลี่ยนแปลง' }).click();
    await expect(hers.getByText('บันทึกสิทธิ์แล้ว')).toBeVisible();
    await screenshot(hers, 'family-journey-08-mother-limits');
    await phone.close();
  });

  await test.step("Then the daughter still manages her mother's medicines but no longer sees her appointments", async () => {
    await page.goto('/todo');
    const breakfast = page.getByRole('button', { name: /^หลังอาหารเช้า/ });
    if ((await breakfast.getAttribute('aria-expanded')) !== 'true') await breakfast.click();
    await expect(page.getByRole('checkbox', { name: /Amlodipine/ })).toBeChecked();
    await page.goto('/myhealth');
    await expect(page.getByRole('region', { name: 'ข้อมูลของ' }).getByText('บุญมี ศรีสุข')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'ยาวันนี้' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^ดูรายละเอียดนัดหมาย/ })).toHaveCount(0);
    await screenshot(page, 'family-journey-09-medicines-only');
    await page.goto('/history');
    await expect(page.getByText('สิทธิ์ที่ บุญมี ให้คุณไม่รวมส่วนนี้', { exact: false })).toBeVisible();
    expect((await page.request.get(`/api/appointments?patient=${motherId}`)).status()).toBe(403);
    await screenshot(page, 'family-journey-10-not-covered');
  });
});
