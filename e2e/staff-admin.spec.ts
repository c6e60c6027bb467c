import type { Page } from '@playwright/test';
import { expect, test, watchContentSecurityPolicy } from './support/fixtures';
import { tilePng } from './support/map-tiles';
import { onPhone, shotFitting } from './support/patient';
import { DEMO_ADMIN, signInStaff, unusedTotpCode } from './support/staff';

const ADMIN = DEMO_ADMIN;
const FACILITY = 'siriraj-hospital';
const NEWCOMER = {
  email: `newcomer-${Date.now()}@e2e.klaimor.test`,
  name: 'นพ.ใหม่ ทดลองงาน',
  password: 'ฟ้าใสไร้เมฆสองพันห้าร้อย',
};
const PHONE = { typed: '02 419 9999', shown: '02-419-9999', stored: '024199999' };

/** The screen at a tablet's width and a phone's, then back at the desktop's. */
async function shotsAtEveryWidth(page: Page, name: string): Promise<void> {
  await shotFitting(page, name);
  await page.setViewportSize({ width: 1024, height: 768 });
  await shotFitting(page, `${name}-1024`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shotFitting(page, `${name}-phone`);
  await page.setViewportSize({ width: 1366, height: 768 });
}

async function chooseTime(page: Page, group: string, hour: string, minute: string): Promise<void> {
  const time = page.getByRole('group', { name: group });
  await time.getByRole('combobox', { name: 'ชั่วโมง' }).selectOption(hour);
  await time.getByRole('combobox', { name: 'นาที' }).selectOption(minute);
}

test.use({ viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

test('the admin invites a clinician who enrols, changes their roles and removes them, changes the facility settings patients see, and reads it all in the audit log', async ({
  page: admin,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  let link = '';

  await test.step('When I sign in as the admin, I have tabs for the staff, the settings, the connected systems and the audit log', async () => {
    await signInStaff(admin, ADMIN);
    await expect(admin).toHaveURL(/\/staff\/schedule$/);
    const tabs = admin.getByRole('tablist', { name: 'หน้าจอของเจ้าหน้าที่' });
    await expect(tabs.getByRole('tab')).toHaveText([
      'ตารางออกตรวจ',
      'เจ้าหน้าที่',
      'ตั้งค่าสถานพยาบาล',
      'ระบบที่เชื่อมต่อ',
      'บันทึกการเข้าถึง',
    ]);
  });

  await test.step('And the staff tab lists the demo staff, me marked as me', async () => {
    await admin.getByRole('tab', { name: 'เจ้าหน้าที่' }).click();
    await expect(admin).toHaveURL(/\/staff\/members$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'เจ้าหน้าที่' })).toBeVisible();
    const table = admin.getByRole('table', { name: 'รายชื่อเจ้าหน้าที่' });
    const me = table.getByRole('row').filter({ hasText: ADMIN.email });
    await expect(me).toContainText('คุณ');
    await expect(me).toContainText('ผู้ดูแลระบบ');
    await expect(me).toContainText('ใช้งานอยู่');
    await expect(table.getByRole('row').filter({ hasText: 'frontdesk@demo.klaimor.test' })).toContainText(
      'เจ้าหน้าที่หน้าเคาน์เตอร์',
    );
    await shotsAtEveryWidth(admin, 'staff-admin-01-members');
  });

  await test.step('When I invite a clinician, I am shown their one-time enrolment link once, to pass on privately', async () => {
    await admin.getByRole('button', { name: 'เชิญเจ้าหน้าที่' }).click();
    const dialog = admin.getByRole('dialog', { name: 'เชิญเจ้าหน้าที่' });
    await dialog.getByRole('textbox', { name: /^อีเมล/ }).fill(NEWCOMER.email);
    await dialog.getByRole('textbox', { name: /^ชื่อ-นามสกุล/ }).fill(NEWCOMER.name);
    await dialog.getByRole('checkbox', { name: 'แพทย์และบุคลากรทางการแพทย์' }).check();
    await shotFitting(admin, 'staff-admin-02-invite');
    await dialog.getByRole('button', { name: 'เชิญ' }).click();

    const shown = admin.getByRole('dialog', { name: `ส่งลิงก์ลงทะเบียนให้ ${NEWCOMER.name}` });
    await expect(shown.getByText('ลิงก์นี้แสดงเพียงครั้งเดียว')).toBeVisible();
    link = await shown.getByRole('textbox', { name: 'ลิงก์ลงทะเบียน' }).inputValue();
    expect(link).toMatch(/\/staff\/enrol#.+/);
    await shotFitting(admin, 'staff-admin-03-link');
    await admin.setViewportSize({ width: 390, height: 844 });
    await shotFitting(admin, 'staff-admin-03-link-phone');
    await admin.setViewportSize({ width: 1366, height: 768 });
    await shown.getByRole('button', { name: 'เสร็จแล้ว' }).click();
    await expect(shown).toBeHidden();
    const row = admin.getByRole('row').filter({ hasText: NEWCOMER.email });
    await expect(row).toContainText('รอลงทะเบียน');
    await expect(row).toContainText('ลิงก์ใช้ได้ถึง');
  });

  await test.step('When the clinician opens the link on their own device, they set a password and an authenticator, and are in', async () => {
    const context = await browser.newContext(onPhone(baseURL));
    const violations = await watchContentSecurityPolicy(context);
    const newcomer = await context.newPage();
    await newcomer.goto(link);
    await expect(newcomer.getByText(`ลงทะเบียนให้ ${NEWCOMER.name} (${NEWCOMER.email})`)).toBeVisible();
    await newcomer.getByLabel(/^รหัสผ่านใหม่/).fill(NEWCOMER.password);
    await newcomer.getByRole('button', { name: 'ตั้งรหัสผ่าน' }).click();
    const secret = ((await newcomer.getByLabel('รหัสสำหรับพิมพ์ในแอป').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await newcomer.getByRole('textbox', { name: /^รหัส 6 หลักที่แอปแสดง/ }).fill(await unusedTotpCode(secret));
    await newcomer.getByRole('button', { name: 'ยืนยัน' }).click();
    await newcomer.getByRole('checkbox', { name: 'ฉันเก็บรหัสสำรองไว้เรียบร้อยแล้ว' }).check();
    await newcomer.getByRole('button', { name: 'เข้าสู่ระบบเจ้าหน้าที่' }).click();
    await expect(newcomer.getByRole('heading', { level: 1, name: 'นัดหมายวันนี้' })).toBeVisible();
    await expect(newcomer.getByRole('tab', { name: 'เจ้าหน้าที่' })).toHaveCount(0);
    await context.close();
    expect(violations).toEqual([]);
  });

  await test.step('Then I see them active; I give them the front desk role too', async () => {
    await admin.reload();
    const row = admin.getByRole('row').filter({ hasText: NEWCOMER.email });
    await expect(row).toContainText('ใช้งานอยู่');
    await expect(row).toContainText('เข้าสู่ระบบล่าสุด');
    await admin.getByRole('button', { name: `เปลี่ยนบทบาทของ ${NEWCOMER.name}` }).click();
    const dialog = admin.getByRole('dialog', { name: `เปลี่ยนบทบาทของ ${NEWCOMER.name}` });
    await expect(dialog.getByRole('checkbox', { name: 'แพทย์และบุคลากรทางการแพทย์' })).toBeChecked();
    await dialog.getByRole('checkbox', { name: 'เจ้าหน้าที่หน้าเคาน์เตอร์' }).check();
    await shotFitting(admin, 'staff-admin-04-roles');
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await expect(admin.getByText(`เปลี่ยนบทบาทของ ${NEWCOMER.name} แล้ว`)).toBeVisible();
    await expect(row).toContainText('เจ้าหน้าที่หน้าเคาน์เตอร์');
    await expect(row).toContainText('แพทย์และบุคลากรทางการแพทย์');
  });

  await test.step('And I cannot take away my own admin role, the last one here', async () => {
    await admin.getByRole('button', { name: 'เปลี่ยนบทบาทของ ผู้ดูแลระบบ (เดโม)' }).click();
    const dialog = admin.getByRole('dialog', { name: 'เปลี่ยนบทบาทของ ผู้ดูแลระบบ (เดโม)' });
    await dialog.getByRole('checkbox', { name: 'เจ้าหน้าที่หน้าเคาน์เตอร์' }).check();
    await dialog.getByRole('checkbox', { name: 'ผู้ดูแลระบบ' }).uncheck();
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await expect(dialog.getByText('ต้องมีผู้ดูแลระบบอย่างน้อย 1 คนเสมอ กรุณาให้บทบาทผู้ดูแลระบบกับเจ้าหน้าที่อีกคนก่อน')).toBeVisible();
    await shotFitting(admin, 'staff-admin-05-last-admin');
    await dialog.getByRole('button', { name: 'ยกเลิก' }).last().click();
    await expect(dialog).toBeHidden();
  });

  await test.step('When I remove the clinician, I am asked first, naming them and the hospital', async () => {
    await admin.getByRole('button', { name: `นำออก: ${NEWCOMER.name}` }).click();
    const dialog = admin.getByRole('dialog', { name: `นำ ${NEWCOMER.name} ออกจากโรงพยาบาลศิริราช?` });
    await shotFitting(admin, 'staff-admin-06-remove');
    await dialog.getByRole('button', { name: 'นำออก' }).click();
    await expect(admin.getByText(`นำ ${NEWCOMER.name} ออกแล้ว`)).toBeVisible();
    await expect(admin.getByRole('row').filter({ hasText: NEWCOMER.email })).toHaveCount(0);
  });

  await test.step('When I change the phone, the outpatient hours and the schemes taken, keeping the 24-hour emergency department, they are saved', async () => {
    await admin.getByRole('tab', { name: 'ตั้งค่าสถานพยาบาล' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'ตั้งค่าสถานพยาบาล' })).toBeVisible();
    const phone = admin.getByRole('textbox', { name: 'เบอร์โทรศัพท์ของสถานพยาบาล' });
    await expect(phone).toBeVisible();
    await shotsAtEveryWidth(admin, 'staff-admin-07-settings');
    await phone.fill(PHONE.typed);
    await admin.getByRole('radio', { name: 'ตามวันในสัปดาห์' }).check();
    for (const day of ['จันทร์', 'อังคาร', 'พุธ', 'พฤหัสบดี', 'ศุกร์']) await chooseTime(admin, `เวลาปิดวัน${day}`, '20', '00');
    await admin.getByRole('checkbox', { name: 'เปิดวันเสาร์' }).check();
    await chooseTime(admin, 'เวลาปิดวันเสาร์', '12', '00');
    await admin.getByRole('checkbox', { name: 'สวัสดิการข้าราชการ' }).check();
    // The directory says Siriraj runs an emergency department day and night, apart from its outpatient hours.
    await expect(admin.getByRole('checkbox', { name: 'มีห้องฉุกเฉินเปิด 24 ชั่วโมง' })).toBeChecked();
    await shotFitting(admin, 'staff-admin-08-settings-changed');
    await admin.setViewportSize({ width: 390, height: 844 });
    await shotFitting(admin, 'staff-admin-08-settings-changed-phone');
    await admin.setViewportSize({ width: 1366, height: 768 });
    await admin.getByRole('button', { name: 'บันทึก' }).click();
    await expect(admin.getByText('บันทึกการตั้งค่าแล้ว ผู้ป่วยเห็นข้อมูลใหม่ทันที')).toBeVisible();
    await expect(phone).toHaveValue(PHONE.shown);
    await expect(
      admin.getByRole('group', { name: 'เวลาปิดวันเสาร์' }).getByRole('combobox', { name: 'ชั่วโมง' }),
    ).toHaveValue('12');
  });

  await test.step('Then a patient sees the new schemes, the outpatient hours and the emergency department on the hospital’s card, and the directory has the new phone', async () => {
    const context = await browser.newContext(onPhone(baseURL));
    const violations = await watchContentSecurityPolicy(context);
    const patient = await context.newPage();
    const tile = tilePng();
    await patient.route('**/*/*/*.png', (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: tile }),
    );
    await patient.goto(`/?hospital=${FACILITY}`);
    await expect(patient.getByRole('heading', { level: 2, name: 'โรงพยาบาลศิริราช' })).toBeVisible();
    const accepts = patient.getByRole('list', { name: 'สิทธิและประกันที่รับ' });
    await expect(accepts.getByText('สวัสดิการข้าราชการ')).toBeVisible();
    await expect(accepts.getByText('บัตรทอง (สปสช.)')).toBeVisible();
    // Whatever the hour, the outpatients' hours are named as such and the emergency department is open.
    await expect(patient.getByText(/^ผู้ป่วยนอก: (เปิดอยู่|ปิดอยู่)/)).toBeVisible();
    await expect(patient.getByText('ฉุกเฉิน: เปิด 24 ชั่วโมง')).toBeVisible();
    await shotFitting(patient, 'staff-admin-09-patient-card');
    // The card does not show the phone: the directory's answer does.
    const found = await patient.request.get(`/api/hospitals?q=${encodeURIComponent('ศิริราช')}`);
    expect(found.ok()).toBe(true);
    const siriraj = (
      (await found.json()).data as {
        id: string;
        phone: string | null;
        schemes: string[];
        openingHours: string | null;
        emergency24h: boolean;
      }[]
    ).find((h) => h.id === FACILITY);
    expect(siriraj?.phone).toBe(PHONE.stored);
    expect(siriraj?.schemes).toContain('csmbs');
    expect(siriraj?.openingHours).toBe('Mo-Fr 08:00-20:00; Sa 08:00-12:00');
    expect(siriraj?.emergency24h).toBe(true);
    await context.close();
    expect(violations).toEqual([]);
  });

  await test.step('When I open the audit log, my changes are there, newest first', async () => {
    await admin.getByRole('tab', { name: 'บันทึกการเข้าถึง' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'บันทึกการเข้าถึง' })).toBeVisible();
    const log = admin.getByRole('table', { name: 'รายการบันทึก' });
    const mine = log.getByRole('row').filter({ hasText: 'ผู้ดูแลระบบ (เดโม)' });
    await expect(mine.first()).toContainText('เปลี่ยนการตั้งค่าสถานพยาบาล');
    await expect(mine.first()).toContainText('เวลาทำการผู้ป่วยนอก: ไม่ระบุ → จ.–ศ. 08:00–20:00');
    await expect(mine.filter({ hasText: 'นำเจ้าหน้าที่ออก' })).toContainText(NEWCOMER.name);
    await expect(mine.filter({ hasText: 'ให้บทบาท: เจ้าหน้าที่หน้าเคาน์เตอร์' })).toContainText(NEWCOMER.name);
    await expect(mine.filter({ hasText: 'ให้บทบาท: แพทย์และบุคลากรทางการแพทย์' })).toContainText(NEWCOMER.name);
    await expect(mine.filter({ hasText: 'ออกลิงก์ลงทะเบียน' }).first()).toContainText(NEWCOMER.name);
    await shotsAtEveryWidth(admin, 'staff-admin-10-audit');

    await admin.getByRole('combobox', { name: 'เจ้าหน้าที่' }).selectOption({ label: 'ผู้ดูแลระบบ (เดโม)' });
    // Only the header row names nobody
    await expect(log.getByRole('row').filter({ hasNotText: 'ผู้ดูแลระบบ (เดโม)' })).toHaveCount(1);
    await expect(log.getByRole('row').nth(1)).toContainText('เปลี่ยนการตั้งค่าสถานพยาบาล');
  });

  await test.step('When I go back, I am on the settings again; the audit log opens from its own address', async () => {
    await admin.goBack();
    await expect(admin).toHaveURL(/\/staff\/settings$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'ตั้งค่าสถานพยาบาล' })).toBeVisible();
    await admin.goto('/staff/audit');
    await expect(admin.getByRole('tab', { name: 'บันทึกการเข้าถึง', selected: true })).toBeVisible();
    await expect(admin.getByRole('heading', { level: 1, name: 'บันทึกการเข้าถึง' })).toBeVisible();
  });
});
