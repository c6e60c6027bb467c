import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { Client } from 'fhir-kit-client';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { expect, test } from './support/fixtures';
import { registerThroughApi, screenshot, shotFitting } from './support/patient';
import { readsWell } from './support/screen';
import { useLargeText } from './support/text-fit';
import { DEMO_ADMIN, signInStaff } from './support/staff';

const SYSTEM = `HIS นัดผู้ป่วยนอก ${Date.now() % 100_000}`;
const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const SCOPES =
  'system/Schedule.cruds system/Slot.cruds system/Appointment.rs system/Appointment.u system/Encounter.cr system/MedicationRequest.cr';
const SLOT_CAPACITY = 'http://fhir-registry.smarthealthit.org/StructureDefinition/slot-capacity';
const DEEP_LINK = 'http://fhir-registry.smarthealthit.org/StructureDefinition/booking-deep-link';
const QUEUE_NUMBER = 'https://klaimor.app/fhir/sid/queue-number';

const inBangkok = (at: Date, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Bangkok', hourCycle: 'h23', ...options }).format(at);

/**
 * Times later today, each 10 minutes, the first at least 10 minutes ahead: check-in is taken only on the slot's own
 * day, and this journey checks the patient in. None are left in the last minutes of a Bangkok day: the journey then
 * waits for the next day to begin.
 */
async function laterToday(page: Page, count: number): Promise<Date[]> {
  const step = 10 * 60_000;
  const plan = () => {
    const first = new Date(Math.ceil((Date.now() + step) / step) * step);
    const today = inBangkok(new Date(), { dateStyle: 'short' });
    return Array.from({ length: count }, (_, i) => new Date(first.getTime() + i * step)).filter(
      (time) => inBangkok(new Date(time.getTime() + step - 1), { dateStyle: 'short' }) === today,
    );
  };
  if (plan().length === 0) {
    const midnight = Math.ceil((Date.now() + 7 * 3_600_000) / 86_400_000) * 86_400_000 - 7 * 3_600_000;
    const wait = midnight - Date.now() + 1000;
    test.setTimeout(test.info().timeout + wait);
    await page.waitForTimeout(wait);
  }
  return plan();
}

test('a hospital’s system publishes times with a FHIR client, a patient books one from the availability feed’s link, the system checks them in to a queue number the patient sees and writes the visit back, whose medicine joins the patient’s checklist', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const times = await laterToday(page, 4);
  expect(times.length).toBeGreaterThan(0);
  const { privateKey, publicKey } = await generateKeyPair('ES384');
  const kid = randomUUID();
  let clientId = '';
  let client: Client;
  let slotId = '';
  let slotStart = new Date();
  let appointmentId = '';

  await test.step('When the admin registers the hospital’s system with its public key, it gets its client id', async () => {
    const staff = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'th-TH' });
    const admin = await staff.newPage();
    await signInStaff(admin, DEMO_ADMIN);
    await admin.goto('/staff/systems');
    await admin.getByRole('button', { name: 'ลงทะเบียนระบบ' }).click();
    const dialog = admin.getByRole('dialog', { name: 'ลงทะเบียนระบบ' });
    await dialog.getByRole('textbox', { name: /^ชื่อระบบ/ }).fill(SYSTEM);
    await dialog.getByRole('radio', { name: 'วางกุญแจสาธารณะ (JWKS JSON)' }).check();
    await dialog
      .getByRole('textbox', { name: /^กุญแจสาธารณะ/ })
      .fill(JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES384' }] }, null, 2));
    for (const scope of [
      'จัดการตารางออกตรวจ',
      'จัดการช่วงเวลาจอง',
      'อ่านนัดหมาย',
      'เปลี่ยนสถานะนัดหมาย',
      'ส่งและอ่านข้อมูลการมารับบริการ',
      'ส่งและอ่านใบสั่งยา',
    ])
      await dialog.getByRole('checkbox', { name: scope }).check();
    await shotFitting(admin, 'hospital-system-01-register');
    await dialog.getByRole('button', { name: 'ลงทะเบียน' }).click();
    const panel = admin.getByRole('region', { name: `ลงทะเบียน ${SYSTEM} แล้ว` });
    await expect(panel).toBeVisible();
    clientId = ((await panel.locator('code').nth(0).textContent()) ?? '').trim();
    expect(clientId).toMatch(/^sys_/);
    await shotFitting(admin, 'hospital-system-02-registered');
    await staff.close();
  });

  await test.step('Then the system gets a token and publishes its times with an ordinary FHIR client', async () => {
    const tokenEndpoint = `${baseURL}/fhir/auth/token`;
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES384', kid, typ: 'JWT' })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(tokenEndpoint)
      .setJti(randomUUID())
      .setExpirationTime('4m')
      .sign(privateKey);
    const granted = await page.request.post(tokenEndpoint, {
      form: {
        grant_type: 'client_credentials',
        client_assertion_type: CLIENT_ASSERTION_TYPE,
        client_assertion: assertion,
        scope: SCOPES,
      },
    });
    expect(granted.status(), await granted.text()).toBe(200);
    const token = ((await granted.json()) as { access_token: string }).access_token;
    client = new Client({ baseUrl: `${baseURL}/fhir`, customHeaders: { Authorization: `Bearer ${token}` } });

    const schedule = await client.create({
      resourceType: 'Schedule',
      body: {
        resourceType: 'Schedule',
        identifier: [{ system: 'https://his.example/schedule', value: randomUUID() }],
        actor: [
          { type: 'HealthcareService', identifier: { system: 'https://klaimor.app/fhir/sid/clinic', value: 'A' } },
          { type: 'Practitioner', display: 'นพ.ระบบ ภายนอก' },
        ],
      },
    });
    const made = [];
    for (const start of times) {
      const value = randomUUID();
      made.push(
        await client.create({
          resourceType: 'Slot',
          body: {
            resourceType: 'Slot',
            identifier: [{ system: 'https://his.example/slot', value }],
            schedule: { reference: `Schedule/${schedule.id as string}` },
            status: 'free',
            start: start.toISOString(),
            end: new Date(start.getTime() + 10 * 60_000).toISOString(),
            extension: [{ url: SLOT_CAPACITY, valueInteger: 2 }],
          },
          options: { headers: { 'If-None-Exist': `identifier=https://his.example/slot|${value}` } },
        }),
      );
    }
    slotId = made[0]!.id as string;
    slotStart = times[0]!;
  });

  let link = '';
  await test.step('And the public availability feed offers the new time with a link to book it', async () => {
    const feed = await page.request.get('/fhir/$bulk-publish/Slot.ndjson');
    expect(feed.status()).toBe(200);
    const slot = (await feed.text())
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id: string; extension: { url: string; valueUrl?: string }[] })
      .find((s) => s.id === slotId);
    expect(slot).toBeDefined();
    link = slot!.extension.find((e) => e.url === DEEP_LINK)!.valueUrl!;
    expect(link).toContain(`slot=${slotId}`);
  });

  await test.step('When a new patient opens the link, the booking card has that time chosen', async () => {
    await registerThroughApi(page, { firstname: 'มาลี', lastname: 'ลิงก์นัด' });
    await page.goto(link);
    await page.getByRole('button', { name: 'ระบุอาการ' }).click();
    const chosen = page.getByRole('radiogroup', { name: 'เลือกเวลานัดตรวจคัดกรอง' }).getByRole('radio', { checked: true });
    await expect(chosen).toHaveCount(1);
    const time = inBangkok(slotStart, { hour: '2-digit', minute: '2-digit' });
    expect(await chosen.evaluate((e) => e.closest('label')?.textContent)).toContain(time);
    await page.getByRole('textbox', { name: 'ระบุอาการเบื้องต้น' }).fill('ไอ มีเสมหะ');
    await page.getByRole('textbox', { name: 'ระยะเวลาที่พบอาการ' }).fill('3 วัน');
    // The patient sees the time they came for, not only the symptoms above it.
    await chosen.scrollIntoViewIfNeeded();
    await screenshot(page, 'hospital-system-03-time-chosen');
  });

  await test.step('And I book it and pay the deposit (development simulation)', async () => {
    await page.getByRole('button', { name: 'ส่งข้อมูล' }).click();
    await expect(page.getByText('กรุณาชำระเงินมัดจำเพื่อรับการคัดกรองอาการ')).toBeVisible();
    await page.getByRole('button', { name: 'จำลองการชำระเงิน (โหมดพัฒนา)' }).click();
    await expect(page.getByText('นัดหมายสำเร็จ')).toBeVisible();
    await screenshot(page, 'hospital-system-04-booked');
  });

  await test.step('Then the system finds the booking and checks me in, and my appointment shows my queue number', async () => {
    const day = inBangkok(slotStart, { year: 'numeric', month: '2-digit', day: '2-digit' })
      .split('/')
      .reverse()
      .join('-');
    const bundle = (await client.search({
      resourceType: 'Appointment',
      searchParams: { date: day, status: 'booked' },
    })) as { entry?: { resource: { id: string; slot: { reference: string }[]; meta: { versionId: string } } }[] };
    const appointment = bundle.entry?.map((e) => e.resource).find((r) => r.slot[0]?.reference === `Slot/${slotId}`);
    expect(appointment).toBeDefined();
    appointmentId = appointment!.id;
    const arrived = (await client.update({
      resourceType: 'Appointment',
      id: appointment!.id,
      body: { ...appointment!, resourceType: 'Appointment', status: 'arrived' },
      options: { headers: { 'If-Match': `W/"${appointment!.meta.versionId}"` } },
    })) as unknown as { identifier: { system: string; value: string }[] };
    const queue = arrived.identifier.find((i) => i.system === QUEUE_NUMBER)!.value;
    expect(queue).toMatch(/^A\d{3}$/);

    await page.getByRole('link', { name: 'ดูนัดหมาย' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'รายละเอียดนัดหมาย' })).toBeVisible();
    await expect(page.getByText(`คิวที่ ${queue}`)).toBeVisible();
    await screenshot(page, 'hospital-system-05-queue-number');
  });

  await test.step('When the system writes the visit back with a prescription, my history shows the visit and today’s checklist the medicine', async () => {
    const visit = await client.create({
      resourceType: 'Encounter',
      body: {
        resourceType: 'Encounter',
        identifier: [{ system: 'https://his.example/vn', value: randomUUID() }],
        status: 'finished',
        class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB' },
        appointment: [{ reference: `Appointment/${appointmentId}` }],
        contained: [
          {
            resourceType: 'Condition',
            id: 'dx',
            code: {
              text: 'หลอดลมอักเสบเฉียบพลัน',
              coding: [{ system: 'http://hl7.org/fhir/sid/icd-10', code: 'J20.9' }],
            },
          },
        ],
        diagnosis: [{ condition: { reference: '#dx' } }],
      },
    });
    await client.create({
      resourceType: 'MedicationRequest',
      body: {
        resourceType: 'MedicationRequest',
        identifier: [{ system: 'https://his.example/rx', value: randomUUID() }],
        status: 'active',
        intent: 'order',
        medicationCodeableConcept: { text: 'อะม็อกซีซิลลิน 500 มก.' },
        encounter: { reference: `Encounter/${visit.id as string}` },
        dosageInstruction: [
          {
            timing: { repeat: { when: ['PCM', 'PCV'] } },
            patientInstruction: 'กินหลังอาหารทันทีจนยาหมด',
            doseAndRate: [
              {
                doseQuantity: {
                  value: 1,
                  code: 'CAP',
                  system: 'http://terminology.hl7.org/CodeSystem/v3-orderableDrugForm',
                },
              },
            ],
          },
        ],
        dispenseRequest: {
          expectedSupplyDuration: { value: 5, code: 'd', system: 'http://unitsofmeasure.org' },
        },
      },
    });

    await page.goto('/history');
    await expect(page.getByRole('heading', { level: 1, name: 'ประวัติการรักษา' })).toBeVisible();
    await expect(page.getByText('หลอดลมอักเสบเฉียบพลัน').first()).toBeVisible();
    await screenshot(page, 'hospital-system-06-visit-in-history');

    await page.goto('/todo');
    await expect(page.getByText('อะม็อกซีซิลลิน 500 มก.').first()).toBeVisible();
    await expect(page.getByText(/ทานแล้ว 0 จาก \d+ รายการ/)).toBeVisible();
    await screenshot(page, 'hospital-system-07-medicine-in-checklist');
  });

  await test.step('At 200% text the visit the system wrote and its medicine still read whole', async () => {
    await useLargeText(page);
    await page.goto('/history');
    await expect(page.getByText('หลอดลมอักเสบเฉียบพลัน').first()).toBeVisible();
    await readsWell(page, 'the history at 200%');
    await shotFitting(page, 'hospital-system-08-history-large-text');
    await page.goto('/todo');
    await expect(page.getByText('อะม็อกซีซิลลิน 500 มก.').first()).toBeVisible();
    await readsWell(page, 'the checklist at 200%');
    await shotFitting(page, 'hospital-system-09-checklist-large-text');
  });
});
