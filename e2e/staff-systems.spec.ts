import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { type CryptoKey, SignJWT, exportJWK, generateKeyPair } from 'jose';
import { expect, test } from './support/fixtures';
import { shotFitting } from './support/patient';
import { DEMO_ADMIN, shotsAtBothWidths, signInStaff } from './support/staff';

const SYSTEM = `HIS ห้องตรวจผู้ป่วยนอก ${Date.now() % 100_000}`;
const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** The hospital's own key pair, made on the hospital's side: only its public half ever reaches the app. */
async function hospitalKeyPair() {
  const { privateKey, publicKey } = await generateKeyPair('RS384', { extractable: true });
  const kid = randomUUID();
  return {
    kid,
    privateKey,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS384', use: 'sig' },
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS384' },
  };
}

/** What the hospital's system sends the token endpoint: a fresh assertion signed with its private key (SMART Backend Services). */
async function askForToken(
  request: APIRequestContext,
  {
    clientId,
    tokenEndpoint,
    privateKey,
    kid,
  }: { clientId: string; tokenEndpoint: string; privateKey: CryptoKey; kid: string },
) {
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({ jti: randomUUID() })
    .setProtectedHeader({ alg: 'RS384', kid, typ: 'JWT' })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(tokenEndpoint)
    .setExpirationTime(now + 240)
    .sign(privateKey);
  return request.post(tokenEndpoint, {
    form: {
      grant_type: 'client_credentials',
      client_assertion_type: CLIENT_ASSERTION_TYPE,
      client_assertion: assertion,
      scope: 'system/Slot.rs system/Appointment.rs',
    },
  });
}

test.use({ viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

test('the admin registers the hospital’s system by its public keys, its integrator gets a token with them, and disabling the system refuses the next one', async ({
  page: admin,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const keys = await hospitalKeyPair();
  let clientId = '';
  let tokenEndpoint = '';

  await test.step('When I sign in as the admin and open the connected systems, I can register one', async () => {
    await signInStaff(admin, DEMO_ADMIN);
    const tabs = admin.getByRole('tablist', { name: 'หน้าจอของเจ้าหน้าที่' });
    await expect(tabs.getByRole('tab')).toHaveText([
      'ตารางออกตรวจ',
      'เจ้าหน้าที่',
      'ตั้งค่าสถานพยาบาล',
      'ระบบที่เชื่อมต่อ',
      'บันทึกการเข้าถึง',
    ]);
    await tabs.getByRole('tab', { name: 'ระบบที่เชื่อมต่อ' }).click();
    await expect(admin).toHaveURL(/\/staff\/systems$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'ระบบของโรงพยาบาลที่เชื่อมต่อ' })).toBeVisible();
    await expect(admin.getByRole('button', { name: 'ลงทะเบียนระบบ' })).toBeVisible();
    await shotFitting(admin, 'staff-systems-01-screen');
  });

  await test.step('When I paste the private key by mistake, the form refuses it before anything is sent', async () => {
    await admin.getByRole('button', { name: 'ลงทะเบียนระบบ' }).click();
    const dialog = admin.getByRole('dialog', { name: 'ลงทะเบียนระบบ' });
    await dialog.getByRole('textbox', { name: /^ชื่อระบบ/ }).fill(SYSTEM);
    await expect(dialog.getByRole('radio', { name: 'กุญแจอยู่ที่ที่อยู่ (JWKS URL)' })).toBeChecked();
    await shotFitting(admin, 'staff-systems-02-register-open');
    await dialog.getByRole('radio', { name: 'วางกุญแจสาธารณะ (JWKS JSON)' }).check();
    const pasted = dialog.getByRole('textbox', { name: /^กุญแจสาธารณะ/ });
    await pasted.fill(JSON.stringify({ keys: [keys.privateJwk] }, null, 2));
    await dialog.getByRole('checkbox', { name: 'จัดการช่วงเวลาจอง' }).check();
    await dialog.getByRole('checkbox', { name: 'อ่านนัดหมาย' }).check();
    await dialog.getByRole('button', { name: 'ลงทะเบียน' }).click();
    await expect(pasted).toHaveAccessibleDescription(/^มีกุญแจส่วนตัว \(private key\) อยู่ด้วย ห้ามนำมาวางที่นี่/);
    await shotFitting(admin, 'staff-systems-03-private-key-refused');
  });

  await test.step('When I paste the public keys instead, the system is registered and I see what its integrator needs', async () => {
    const dialog = admin.getByRole('dialog', { name: 'ลงทะเบียนระบบ' });
    await dialog
      .getByRole('textbox', { name: /^กุญแจสาธารณะ/ })
      .fill(JSON.stringify({ keys: [keys.publicJwk] }, null, 2));
    await shotFitting(admin, 'staff-systems-04-register');
    await dialog.getByRole('button', { name: 'ลงทะเบียน' }).click();
    await expect(dialog).toBeHidden();

    const panel = admin.getByRole('region', { name: `ลงทะเบียน ${SYSTEM} แล้ว` });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { name: `ลงทะเบียน ${SYSTEM} แล้ว` })).toBeFocused();
    clientId = ((await panel.locator('code').nth(0).textContent()) ?? '').trim();
    tokenEndpoint = ((await panel.locator('code').nth(1).textContent()) ?? '').trim();
    expect(clientId).toMatch(/^sys_[\w-]{20,}$/);
    expect(tokenEndpoint).toBe(`${baseURL}/fhir/auth/token`);
    await expect(panel.locator('code').nth(2)).toHaveText(`${baseURL}/fhir`);
    await expect(panel.locator('code').nth(3)).toHaveText('system/Slot.cruds system/Appointment.rs');
    await expect(panel).toContainText('ไม่เคยเห็นกุญแจส่วนตัว');
    // The discovery document names the same token endpoint.
    const discovery = await admin.request.get('/fhir/.well-known/smart-configuration');
    expect((await discovery.json()).token_endpoint).toBe(tokenEndpoint);

    const row = admin.getByRole('row').filter({ hasText: clientId });
    await expect(row).toContainText(SYSTEM);
    await expect(row).toContainText('จัดการช่วงเวลาจอง');
    await expect(row).toContainText('system/Slot.cruds');
    await expect(row).toContainText('อ่านนัดหมาย');
    await expect(row).toContainText(`kid: ${keys.kid} (RS384)`);
    await expect(row).toContainText('ใช้งานอยู่');
    await shotFitting(admin, 'staff-systems-05-registered');
  });

  await test.step('Then the hospital’s system gets a token with an assertion signed by its private key', async () => {
    const granted = await askForToken(admin.request, { clientId, tokenEndpoint, ...keys });
    expect(granted.status(), await granted.text()).toBe(200);
    expect(await granted.json()).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 300,
      scope: 'system/Slot.rs system/Appointment.rs',
    });
  });

  await test.step('When I disable it, I am asked first and told its tokens stop working at once', async () => {
    await admin
      .getByRole('region', { name: `ลงทะเบียน ${SYSTEM} แล้ว` })
      .getByRole('button', { name: 'เสร็จแล้ว' })
      .click();
    await admin.getByRole('button', { name: `ปิดใช้งาน: ${SYSTEM}` }).click();
    const dialog = admin.getByRole('dialog', { name: `ปิดใช้งาน ${SYSTEM}?` });
    await expect(dialog).toContainText('โทเค็นที่ระบบนี้ได้รับไปแล้วจะใช้ไม่ได้ทันที');
    await shotFitting(admin, 'staff-systems-06-disable');
    await dialog.getByRole('button', { name: 'ปิดใช้งาน' }).click();
    await expect(admin.getByText(`ปิดใช้งาน ${SYSTEM} แล้ว โทเค็นของระบบนี้ใช้ไม่ได้แล้ว`)).toBeVisible();
    const row = admin.getByRole('row').filter({ hasText: clientId });
    await expect(row).toContainText('ปิดใช้งานแล้ว');
    await expect(row.getByRole('button', { name: `เปิดใช้งานอีกครั้ง: ${SYSTEM}` })).toBeVisible();
    await shotsAtBothWidths(admin, 'staff-systems-07-disabled');
  });

  await test.step('Then the same request for a token is refused', async () => {
    const refused = await askForToken(admin.request, { clientId, tokenEndpoint, ...keys });
    expect(refused.status(), await refused.text()).toBe(400);
    expect((await refused.json()).error).toBe('invalid_client');
  });

  await test.step('When I enable it again, it gets tokens again, and the audit log has each step', async () => {
    await admin.getByRole('button', { name: `เปิดใช้งานอีกครั้ง: ${SYSTEM}` }).click();
    await expect(admin.getByText(`เปิดใช้งาน ${SYSTEM} อีกครั้งแล้ว ระบบขอโทเค็นใหม่ได้`)).toBeVisible();
    const again = await askForToken(admin.request, { clientId, tokenEndpoint, ...keys });
    expect(again.status(), await again.text()).toBe(200);

    await admin.getByRole('tab', { name: 'บันทึกการเข้าถึง' }).click();
    const log = admin.getByRole('table', { name: 'รายการบันทึก' });
    const mine = log.getByRole('row').filter({ hasText: DEMO_ADMIN.name });
    await expect(mine.filter({ hasText: 'ลงทะเบียนระบบของโรงพยาบาล (FHIR)' }).first()).toBeVisible();
    await expect(mine.filter({ hasText: 'ปิดการใช้งานระบบของโรงพยาบาล (FHIR)' }).first()).toBeVisible();
    await expect(mine.filter({ hasText: 'เปิดใช้งานระบบของโรงพยาบาลอีกครั้ง (FHIR)' }).first()).toBeVisible();
  });

  await test.step('And in English the screen reads the same, its dates in the Common Era', async () => {
    await admin.getByRole('tab', { name: 'ระบบที่เชื่อมต่อ' }).click();
    await admin.getByRole('button', { name: 'EN: Switch to English' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Connected hospital systems' })).toBeVisible();
    const row = admin.getByRole('row').filter({ hasText: clientId });
    await expect(row).toContainText('Manage bookable times');
    const year = new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Bangkok' }).format(new Date());
    await expect(row).toContainText(new RegExp(`Registered\\s\\d{1,2}\\s\\w{3}\\s${year}\\s`));
    await shotFitting(admin, 'staff-systems-08-english');
  });
});
