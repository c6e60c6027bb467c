import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { enterSentCode, registerThroughApi, signInAsDemoPatient, typed, shotFitting } from './support/patient';

/** Logs the demo patient in through the login screen, with the code from the development outbox. */
async function logInAsDemoPatient(page: Page, request: APIRequestContext): Promise<void> {
  await page.goto('/login');
  await signInAsDemoPatient(page, request);
  await expect(page).toHaveURL(/\/myhealth$/);
}

/** Opens a checklist panel (one time of day) when it is closed; its doses are drawn only while open. */
async function openPanel(page: Page, title: string): Promise<Locator> {
  const summary = page.getByRole('button', { name: new RegExp(`^${title}`) });
  if ((await summary.getAttribute('aria-expanded')) !== 'true') await summary.click();
  await expect(summary).toHaveAttribute('aria-expanded', 'true');
  return summary;
}

test('the demo patient sees the entitlement cards, filters the history by a month, and ticks doses that stay ticked', async ({
  page,
  request,
}) => {
  // Five screens, each drawn, read by axe and photographed: about a minute on a loaded 2-core machine.
  test.setTimeout(150_000);
  await logInAsDemoPatient(page, request);

  await test.step('On My Health I see today’s doses and my latest symptom note', async () => {
    await expect(page.getByRole('heading', { level: 2, name: 'ยาวันนี้' })).toBeVisible();
    await expect(page.getByText(/^เหลืออีก \d+ รายการ$|^ทานยาครบแล้ววันนี้$/)).toBeVisible();
    await expect(page.getByText('เวียนศีรษะเล็กน้อยตอนลุกจากเตียง')).toBeVisible();
    await shotFitting(page, 'records-01-myhealth');
  });

  await test.step('When I open my treatment rights, I see the three cards of the spec', async () => {
    await page.getByRole('link', { name: 'สิทธิการรักษา' }).click();
    await expect(page).toHaveURL(/\/medicalright$/i);
    await expect(page.getByRole('heading', { level: 1, name: 'สิทธิการรักษาของฉัน' })).toBeVisible();
    const welfare = page.getByRole('article', { name: 'สวัสดิการข้าราชการ' });
    await expect(welfare).toContainText('รักษาพยาบาลในโรงพยาบาลรัฐ');
    await expect(welfare).toContainText('ใช้ได้');
    const health = page.getByRole('article', { name: 'ประกันสุขภาพ เอไอเอ เฮลธ์ แฮปปี้' });
    await expect(health).toContainText('8,000,000 บาท');
    await expect(health).toContainText('รักษาได้ในโรงพยาบาลที่ร่วมโครงการ');
    await expect(page.getByRole('article', { name: 'ประกันชีวิตแบบสะสมทรัพย์ พร้อมคุ้มครองโรคร้ายแรง' })).toContainText('มรดก');
    await shotFitting(page, 'records-02-medical-rights');
  });

  await test.step('When I choose April 2566 in my treatment history, only that month’s visits remain', async () => {
    await page.goto('/history');
    await expect(page.getByRole('heading', { level: 1, name: 'ประวัติการรักษา' })).toBeVisible();
    const list = page.getByRole('region', { name: 'รายการการรักษา' });
    await expect(list.getByRole('heading', { level: 2, name: '18 เม.ย. 2566 · 09:30 น.' })).toBeVisible();
    await expect(list.getByRole('heading', { level: 2, name: '15 ธ.ค. 2565 · 13:00 น.' })).toBeVisible();
    const period = page.getByRole('combobox', { name: 'ช่วงเวลา' });
    await expect(period.getByRole('option', { name: 'ธันวาคม 2565' })).toBeAttached();
    await period.selectOption({ label: 'เมษายน 2566' });
    await expect(list.getByRole('heading', { level: 2, name: '15 ธ.ค. 2565 · 13:00 น.' })).toBeHidden();
    await expect(list.getByRole('heading', { level: 2 })).toHaveText([
      '18 เม.ย. 2566 · 09:30 น.',
      '3 เม.ย. 2566 · 07:45 น.',
    ]);
    await expect(list).toContainText('ความดันโลหิตสูงและเบาหวาน ควบคุมได้ดี');
    await shotFitting(page, 'records-03-history-april-2566');
  });

  await test.step('My results hold a year of visits to the diabetes clinic: HbA1c came down from 8.2 to 6.8', async () => {
    await page.goto('/results');
    await expect(page.getByRole('heading', { level: 1, name: 'ผลตรวจของฉัน' })).toBeVisible();
    const hba1c = page.getByRole('article', { name: 'น้ำตาลสะสม (HbA1c)' });
    await expect(hba1c).toContainText('6.8 %');
    await expect(hba1c).toContainText('สูงกว่าเกณฑ์');
    const table = hba1c.getByRole('region', { name: 'ผลย้อนหลัง (ตรวจ 4 ครั้ง)' }).getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(5);
    await expect(table.getByRole('row').nth(1)).toContainText('8.2 %');
    await expect(page.getByRole('article', { name: 'ไขมันแอลดีแอล (LDL)' })).toContainText('98 mg/dL');
    await shotFitting(page, 'records-03b-results-a-year');
  });

  await test.step('When I tick today’s doses, they are still ticked after a reload, and I leave them as I found them', async () => {
    await page.goto('/todo');
    await expect(page.getByRole('heading', { level: 1, name: 'รายการที่ต้องทำประจำวัน' })).toBeVisible();
    const targets = [
      { panel: 'หลังอาหารเช้า', dose: 'Metformin 500 mg · 1 เม็ด' },
      { panel: 'หลังอาหารเย็น', dose: 'Amlodipine 5 mg · 1 เม็ด' },
    ];
    await expect(page.getByRole('button', { name: /^หลังอาหารเย็น/ })).toBeVisible();
    const ticked: typeof targets = [];
    for (const target of targets) {
      await openPanel(page, target.panel);
      const box = page.getByRole('checkbox', { name: target.dose });
      if (await box.isChecked()) continue; // already taken today: not mine to change
      // A click, then a retrying expectation: the tick is drawn after the mutation's first await.
      await box.click();
      await expect(box).toBeChecked();
      ticked.push(target);
    }
    // The running-low warning and the way to a pharmacy.
    await openPanel(page, 'ก่อนนอน');
    await expect(page.getByText(/ยาใกล้หมด เหลือพอสำหรับ \d วัน|ยาหมดแล้ว/).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /ช่วยค้นหายา Simvastatin 20 mg/ })).toHaveAttribute(
      'href',
      '/map?kind=pharmacy&medicine=Simvastatin+20+mg',
    );
    await shotFitting(page, 'records-04-todo-ticked');

    await page.reload();
    for (const target of targets) {
      await openPanel(page, target.panel);
      await expect(page.getByRole('checkbox', { name: target.dose })).toBeChecked();
    }
    await expect(page.getByRole('list', { name: 'สัดส่วนการทานยารายวัน 7 วันล่าสุด' })).toBeVisible();
    await shotFitting(page, 'records-05-todo-after-reload');

    for (const target of ticked) {
      await openPanel(page, target.panel);
      const box = page.getByRole('checkbox', { name: target.dose });
      await box.click();
      await expect(box).not.toBeChecked();
    }
    // The untick reached the server: a fresh load agrees.
    await page.reload();
    for (const target of ticked) {
      await openPanel(page, target.panel);
      await expect(page.getByRole('checkbox', { name: target.dose })).not.toBeChecked();
    }
  });
});

test('a new patient adds a medication, writes a symptom note, downloads the FHIR export and deletes the account', async ({
  page,
}) => {
  const phone = await registerThroughApi(page, { firstname: 'ปิยะ', lastname: 'ใจงาม' });

  await test.step('When I add a medication, it appears in the right panels of today', async () => {
    await page.goto('/todo');
    await expect(page.getByText('ไม่มียาที่ต้องทานในวันนี้')).toBeVisible();
    await page.getByRole('button', { name: 'เพิ่มยา' }).click();
    const dialog = page.getByRole('dialog', { name: 'เพิ่มยา' });
    await dialog.getByRole('textbox', { name: 'ชื่อยา' }).fill('Paracetamol');
    await dialog.getByRole('textbox', { name: 'ความแรง' }).fill('500 mg');
    await dialog.getByRole('combobox', { name: 'หลังอาหารเช้า' }).selectOption({ label: '1 เม็ด' });
    await dialog.getByRole('combobox', { name: 'ก่อนนอน' }).selectOption({ label: '2 เม็ด' });
    await dialog.getByRole('textbox', { name: 'วิธีใช้และคำแนะนำ' }).fill('ทานเมื่อมีไข้หรือปวด ห่างกันอย่างน้อย 4 ชั่วโมง');
    await dialog.getByRole('textbox', { name: 'จำนวนยาที่เหลืออยู่' }).fill('20');
    await shotFitting(page, 'records-06-add-medication');
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await expect(dialog).toBeHidden();

    const panels = page.getByRole('list', { name: 'ยาแต่ละมื้อ' });
    await expect(panels.getByRole('button', { name: /^(หลังอาหาร|ก่อนนอน)/ })).toHaveText([/^หลังอาหารเช้า/, /^ก่อนนอน/]);
    await openPanel(page, 'หลังอาหารเช้า');
    await expect(page.getByRole('checkbox', { name: 'Paracetamol 500 mg · 1 เม็ด' })).toBeVisible();
    await openPanel(page, 'ก่อนนอน');
    await expect(page.getByRole('checkbox', { name: 'Paracetamol 500 mg · 2 เม็ด' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Paracetamol 500 mg' })).toContainText(/เหลือ 20 เม็ด \(พอ \d+ วัน\)/);
    await shotFitting(page, 'records-07-medication-in-panels');
  });

  await test.step('When I write a symptom note with a red-flag symptom, I am warned, and the note is kept', async () => {
    await page.goto('/asd');
    await expect(page.getByText('ยังไม่มีบันทึกอาการ')).toBeVisible();
    await page.getByRole('button', { name: 'เพิ่มบันทึกอาการ' }).click();
    const dialog = page.getByRole('dialog', { name: 'เพิ่มบันทึกอาการ' });
    await dialog.getByRole('textbox', { name: 'อาการที่รู้สึก' }).fill('ปวดหัว ตัวร้อน เจ็บหน้าอกเล็กน้อย');
    const warning = dialog.getByRole('alert').filter({ hasText: 'อาการของคุณอาจเป็นภาวะฉุกเฉิน' });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('link', { name: 'โทร 1669' })).toHaveAttribute('href', 'tel:1669');
    const severity = dialog.getByRole('slider', { name: 'ความรุนแรง (0–10)' });
    await severity.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(severity).toHaveValue('6');
    await dialog.getByRole('textbox', { name: 'อุณหภูมิร่างกาย (°C)' }).fill('38.2');
    await dialog.getByRole('textbox', { name: 'ตัวบน' }).fill('132');
    await dialog.getByRole('textbox', { name: 'ตัวล่าง' }).fill('85');
    await shotFitting(page, 'records-08-symptom-note-red-flag');
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await expect(dialog).toBeHidden();
    const note = page.getByRole('article').first();
    await expect(note).toContainText('ปวดหัว ตัวร้อน เจ็บหน้าอกเล็กน้อย');
    await expect(note).toContainText('ความรุนแรง 6/10');
    await expect(note).toContainText('อุณหภูมิ 38.2 °C');
    await expect(note).toContainText('ความดัน 132/85 มม.ปรอท');
    await expect(note).toContainText('อาจเป็นภาวะฉุกเฉิน');
    await shotFitting(page, 'records-09-symptom-notes');
  });

  await test.step('When I download my data, I get a FHIR R4 bundle holding what I entered', async () => {
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'ข้อมูลของฉัน' });
    await expect(section).toBeVisible();
    const downloading = page.waitForEvent('download');
    await section.getByRole('button', { name: 'ดาวน์โหลดไฟล์ข้อมูลสุขภาพ' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^klaimor-fhir-\d{4}-\d\d-\d\d\.json$/);
    const bundle = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      resourceType: string;
      type: string;
      entry: { resource: { resourceType: string } }[];
    };
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.type).toBe('collection');
    const kinds = bundle.entry.map((e) => e.resource.resourceType);
    expect(kinds).toContain('Patient');
    expect(JSON.stringify(bundle)).toContain('Paracetamol');
    await expect(section.getByText('ดาวน์โหลดไฟล์แล้ว')).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await shotFitting(page, 'records-10-my-data');
  });

  await test.step('And the printable summary shows the same in Thai', async () => {
    await page.getByRole('link', { name: 'ดูสรุปข้อมูลสุขภาพ (พิมพ์ได้)' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'สรุปข้อมูลสุขภาพ' })).toBeVisible();
    await expect(page.getByText('ปิยะ ใจงาม')).toBeVisible();
    await expect(page.getByRole('cell', { name: /Paracetamol 500 mg/ })).toBeVisible();
    await shotFitting(page, 'records-11-summary');
  });

  await test.step('When I delete my account with a fresh code, my data is gone and I am signed out', async () => {
    await page.goto('/profile');
    await page.getByRole('button', { name: 'ลบบัญชี' }).click();
    const dialog = page.getByRole('dialog', { name: 'ลบบัญชีและข้อมูลทั้งหมด?' });
    await dialog.getByRole('button', { name: `ส่งรหัสยืนยันไปที่ ${typed(phone)}` }).click();
    await expect(dialog.getByRole('textbox', { name: 'หลักที่ 1' })).toBeVisible();
    await shotFitting(page, 'records-12-delete-account');
    await enterSentCode(page, page.request, phone);
    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(page.getByRole('heading', { level: 1, name: 'ลบบัญชีแล้ว' })).toBeVisible();
    await shotFitting(page, 'records-13-account-deleted');
    expect((await page.request.get('/api/users/me')).status()).toBe(401);
  });
});
