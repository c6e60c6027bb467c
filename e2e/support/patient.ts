import { mkdirSync } from 'node:fs';
import { type APIRequestContext, type Page, expect } from '@playwright/test';

const SHOTS = 'artifacts/e2e';
mkdirSync(SHOTS, { recursive: true });

/** Saves what the patient sees now, at phone size, for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A Thai mobile number no earlier run of the suite has used on this database. */
export function newPhone(): string {
  return `09${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 10)}`;
}

/** 0912345678 -> 091-234-5678, as a patient types it. */
export const typed = (phone: string) => `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`;

/** A Thai ID with a valid check digit, different on each call. */
export function newThaiId(): string {
  const base = `1${String(Date.now()).slice(-11)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(base[i]) * (13 - i);
  return base + ((11 - (sum % 11)) % 10);
}

/** Reads the newest code sent to a number from the development SMS outbox. */
export async function latestCode(request: APIRequestContext, phone: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const res = await request.get(`/api/dev/sms?phone=${phone}`);
    expect(res.ok()).toBe(true);
    const [latest] = (await res.json()).data as { code: string }[];
    expect(latest).toBeDefined();
    code = latest.code;
  }).toPass({ timeout: 10_000 });
  return code;
}

/** Types a code into the six one-character boxes. */
export async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'หลักที่ 1' }).click();
  await page.keyboard.type(code);
}
