import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from './support/fixtures';
import { thaiOutsideNames } from './support/english-text';
import { registerThroughApi } from './support/patient';
import { DEMO_ADMIN, shotsAtBothWidths, signInStaff } from './support/staff';

const HOSPITAL = 'siriraj-hospital';
const PATIENT = { firstname: 'บุญมี', lastname: 'ตรวจสอบ' };
const REASON = 'ซ่อมระบบไฟฟ้าทั้งอาคาร';

const bangkokDate = (daysAhead: number) =>
  new Date(Date.now() + daysAhead * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Bangkok' });
const shortDate = (locale: string) =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** 2026-12-05 -> '5 ธ.ค. 2569' (Buddhist Era) */
const thaiDate = (iso: string) => shortDate('th-TH').format(new Date(`${iso}T12:00:00Z`));
/** 2026-12-05 -> '5 Dec 2026' */
const englishDate = (iso: string) => shortDate('en-GB').format(new Date(`${iso}T12:00:00Z`));

test.use({ viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

test('an admin follows one patient through a range of days in the audit log, reads what each change was and downloads it as a CSV file', async ({
  page: admin,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const day = bangkokDate(12);
  let ref = '';
  let phone = '';

  await test.step('Given a patient booked at Siriraj on a day the hospital then closes', async () => {
    const patientContext = await browser.newContext({ baseURL });
    const patient = await patientContext.newPage();
    phone = await registerThroughApi(patient, PATIENT);
    const me = (await (await patient.request.get('/api/users/me')).json()).data[0] as { id: string };
    ref = me.id.replaceAll('-', '').slice(0, 8).toUpperCase();
    const slots = (await (await patient.request.get(`/api/hospitals/${HOSPITAL}/slots?from=${day}&to=${day}`)).json())
      .data as { id: string }[];
    const booked = await patient.request.post('/api/appointments', {
      headers: { 'idempotency-key': randomUUID() },
      data: { hospitalId: HOSPITAL, slotId: slots[0].id, symptoms: 'ไอเรื้อรัง', duration: '1 สัปดาห์' },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    await patientContext.close();
  });

  await test.step('When I sign in as the admin and close that day, confirming the cancellation', async () => {
    await signInStaff(admin, DEMO_ADMIN);
    await expect(admin).toHaveURL(/\/staff\/schedule$/);
    // The admin's own session closes the day through the API, as the schedule screen does.
    const closed = await admin.request.post(`/api/staff/facilities/${HOSPITAL}/schedule/closures`, {
      data: { date: day, reason: REASON, confirm: true },
    });
    expect(closed.status(), await closed.text()).toBe(201);
  });

  await test.step('Then the audit log says which day was closed and why, and names the patient by a code only', async () => {
    await admin.getByRole('tab', { name: 'บันทึกการเข้าถึง' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'บันทึกการเข้าถึง' })).toBeVisible();
    const log = admin.getByRole('table', { name: 'รายการบันทึก' });
    const closing = log
      .getByRole('row')
      .filter({ hasText: `ปิดทำการวันที่ ${thaiDate(day)}` })
      .filter({ hasNotText: 'ยกเลิกนัด' });
    await expect(closing).toHaveCount(1);
    await expect(closing).toContainText(`เหตุผล: ${REASON}`);
    const cancelled = log.getByRole('row').filter({ hasText: 'ยกเลิกนัด (โดยสถานพยาบาล)' }).filter({ hasText: ref });
    await expect(cancelled).toContainText(`เพราะปิดทำการวันที่ ${thaiDate(day)}`);
    await expect(admin.getByText(PATIENT.firstname)).toHaveCount(0);
  });

  await test.step('When I choose the last three days and the patient’s code, only their entries are left', async () => {
    await admin.getByRole('combobox', { name: 'ช่วงวันที่' }).selectOption('custom');
    const from = admin.getByRole('group', { name: 'ตั้งแต่วันที่' });
    const start = bangkokDate(-2);
    const [y, m, d] = start.split('-').map(Number);
    await from.getByRole('combobox', { name: 'ปี พ.ศ.' }).selectOption(String(y));
    await from.getByRole('combobox', { name: 'เดือน' }).selectOption(String(m));
    await from.getByRole('combobox', { name: 'วัน', exact: true }).selectOption(String(d));
    await expect(
      admin.getByRole('heading', { level: 2, name: `${thaiDate(start)} – ${thaiDate(bangkokDate(0))}` }),
    ).toBeVisible();
    await admin.getByRole('textbox', { name: 'รหัสผู้ป่วย' }).fill(ref.toLowerCase());
    const log = admin.getByRole('table', { name: 'รายการบันทึก' });
    await expect(log.getByRole('row')).toHaveCount(2);
    await expect(log.getByRole('row').nth(1)).toContainText('ยกเลิกนัด (โดยสถานพยาบาล)');
    await expect(log.getByRole('row').nth(1)).toContainText(`ผู้ป่วย #${ref}`);
    await shotsAtBothWidths(admin, 'staff-audit-1-patient');
  });

  await test.step('When I download the CSV, it holds that entry in Thai for Excel, the patient by code only', async () => {
    const downloading = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'ดาวน์โหลด CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`audit-${HOSPITAL}-${bangkokDate(-2)}_${bangkokDate(0)}.csv`);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'วันเวลา (เวลาประเทศไทย),ผู้ทำรายการ,อีเมล,บทบาท,การดำเนินการ,รายละเอียด,รหัสผู้ป่วย,เจ้าหน้าที่ที่เกี่ยวข้อง,รหัสการดำเนินการ',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `,ผู้ดูแลระบบ,ยกเลิกนัด (โดยสถานพยาบาล),เพราะปิดทำการวันที่ ${thaiDate(day)}; เหตุผล: ${REASON},#${ref},`,
    );
    expect(lines[1]).toMatch(/,appointment\.cancelled_by_hospital$/);
    const text = lines.join('\n');
    for (const personal of [PATIENT.firstname, PATIENT.lastname, phone, phone.slice(1)])
      expect(text).not.toContain(personal);
    await expect(admin.getByText('ดาวน์โหลดแล้ว 1 รายการ')).toBeVisible();
  });

  await test.step('Then the download is itself in the log, with the filters it was made with', async () => {
    await admin.getByRole('textbox', { name: 'รหัสผู้ป่วย' }).fill('');
    await admin.getByRole('combobox', { name: 'การดำเนินการ' }).selectOption({ label: 'บันทึกการเข้าถึง ทั้งหมด' });
    const exported = admin.getByRole('table', { name: 'รายการบันทึก' }).getByRole('row').nth(1);
    await expect(exported).toContainText('ดาวน์โหลดบันทึกการเข้าถึง (CSV)');
    await expect(exported).toContainText(`1 รายการ · ${thaiDate(bangkokDate(-2))} – ${thaiDate(bangkokDate(0))}`);
    await expect(exported).toContainText(`ผู้ป่วย #${ref}`);
  });

  await test.step('In English the same log reads in English, dates in the Common Era', async () => {
    await admin.getByRole('button', { name: 'EN: Switch to English' }).click();
    await admin.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'All: Schedule' });
    const log = admin.getByRole('table', { name: 'Log entries' });
    await expect(log.getByRole('row').filter({ hasText: `Closed ${englishDate(day)}` })).toContainText(
      `Reason: ${REASON}`,
    );
    // The member bar above the screen names the signed-in admin (the shell's own text, outside this screen).
    const onScreen = (await thaiOutsideNames(admin)).filter((f) => f !== 'span: "ผู้ดูแลระบบ (เดโม)"');
    expect(onScreen).toEqual([]);
    await shotsAtBothWidths(admin, 'staff-audit-2-english');
    await admin.getByRole('button', { name: 'ไทย: เปลี่ยนเป็นภาษาไทย' }).click();
  });
});
