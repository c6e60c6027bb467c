import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type APIRequestContext, type BrowserContextOptions, type Page, expect } from '@playwright/test';
import { CONSENT_VERSION } from '@klaimor/contracts';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';

const SHOTS = 'artifacts/e2e';
mkdirSync(SHOTS, { recursive: true });

/** axe-core's script, put into the page with page.evaluate: the app's CSP allows no inline script tag. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rules of WCAG 2.1 levels A and AA. */
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};

/** What fails a screen. */
const BLOCKING: ImpactValue[] = ['serious', 'critical'];

declare global {
  interface Window {
    axe?: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
  }
}

/** One line per failing element: rule, impact, where, what it is and axe's reason. */
function blockingFindings(results: AxeResults): string[] {
  return results.violations.flatMap((violation) =>
    violation.nodes
      .filter((node) => BLOCKING.includes(node.impact ?? violation.impact ?? null))
      .map((node) => {
        const html = node.html.replace(/\s+/g, ' ');
        const snippet = html.length > 120 ? `${html.slice(0, 117)}...` : html;
        const reason = node.failureSummary?.split('\n').slice(1).join(' ').trim();
        return `${violation.id} (${node.impact ?? violation.impact}) ${node.target.join(' >> ')}: ${snippet}${reason ? ` — ${reason}` : ''}`;
      }),
  );
}

/**
 * Checks the screen with axe-core against WCAG 2.1 A and AA. Every violation is written beside the screenshot
 * (`<name>.axe.json`); a serious or critical one fails the test, which still goes on through its next screens so
 * that one run lists them all.
 */
async function checkAccessibility(page: Page, name: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate((options) => window.axe!.run(document, options), AXE_OPTIONS);
  writeFileSync(
    `${SHOTS}/${name}.axe.json`,
    `${JSON.stringify({ url: results.url, violations: results.violations }, null, 2)}\n`,
  );
  expect
    .soft(blockingFindings(results), `serious or critical accessibility violations on ${name} (${page.url()})`)
    .toEqual([]);
}

/** The smallest touch target on a phone, in CSS pixels (WCAG 2.5.5; Apple's and Android's guides ask as much). */
const MIN_TARGET = 44;

/**
 * Every control a finger must hit on a phone-sized screen is at least 44x44: buttons, links, tabs, and checkboxes and
 * radios counted with the label that ticks them too. A link inside a sentence is exempt (WCAG's inline exception).
 */
async function checkTouchTargets(page: Page, name: string): Promise<void> {
  if ((page.viewportSize()?.width ?? 0) > 600) return;
  const small = await page.evaluate((min) => {
    const found: string[] = [];
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>(
        'button, a[href], [role="button"], [role="tab"], input[type="checkbox"], input[type="radio"]',
      ),
    );
    for (const control of controls) {
      const style = getComputedStyle(control);
      if (style.visibility === 'hidden' || control.closest('[aria-hidden="true"], [inert]')) continue;
      const inSentence =
        control.tagName === 'A' &&
        Array.from(control.parentElement?.childNodes ?? []).some(
          (n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '',
        );
      if (inSentence) continue;
      const target =
        (control.closest('label') as HTMLElement | null) ??
        (control.matches('input') ? control.parentElement! : control);
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        const label = control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 40) ?? '';
        found.push(`${control.tagName.toLowerCase()} "${label}" ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return found;
  }, MIN_TARGET);
  expect.soft(small, `touch targets under ${MIN_TARGET}x${MIN_TARGET} px on ${name} (${page.url()})`).toEqual([]);
}

/**
 * Saves what the patient sees now, at phone size, for people to look at, and checks it with axe-core. Finite
 * animations (a dialog fading in) end first: half-faded text is not what the patient reads.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  // Two frames first: a transition the last change started (a button turning enabled) is running by then.
  // Headless Chromium now and then stops producing frames after a viewport change; the waits then end on a
  // timer (the screenshot itself forces a frame) instead of hanging the test.
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(resolve));
        setTimeout(resolve, 1000);
      }),
  );
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await checkAccessibility(page, name);
  await checkTouchTargets(page, name);
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

/**
 * Waits for the code boxes, which show once the server has sent the code, and only then reads and types the newest
 * code: read earlier, a number that was sent a code before would get the old one.
 */
export async function enterSentCode(page: Page, request: APIRequestContext, phone: string): Promise<void> {
  await expect(page.getByRole('textbox', { name: 'หลักที่ 1' })).toBeVisible({ timeout: 15_000 });
  await typeCode(page, await latestCode(request, phone));
}

/**
 * A phone beside a staff journey's desktop (a patient's, a newly invited member's): 390x844, touch, Thai, Bangkok time,
 * standing near Siriraj with the location allowed. For a second browser context: `browser.newContext(onPhone(baseURL))`.
 */
export const onPhone = (baseURL: string | undefined): BrowserContextOptions => ({
  baseURL,
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'th-TH',
  timezoneId: 'Asia/Bangkok',
  geolocation: { latitude: 13.7563, longitude: 100.4888 },
  permissions: ['geolocation'],
});

/** The demo patient seeded in demo mode. */
export const DEMO_PATIENT = '0812345678';

/**
 * Registers a new patient in Chiang Mai through the API with the page's own request context, so the browser is signed
 * in as them (what the test adds, and finally the whole account, touch nobody else), without spending the demo
 * patient's codes (5 an hour). Returns their phone number.
 */
export async function registerThroughApi(
  page: Page,
  person: { firstname: string; lastname: string; gender?: string; birthday?: string; thai_id?: string } = {
    firstname: 'ดวงใจ',
    lastname: 'เชียงคำ',
  },
): Promise<string> {
  const phone = newPhone();
  const { request } = page;
  expect((await request.post('/api/auth/otp', { data: { phone } })).status()).toBe(202);
  const verify = await request.post('/api/auth/otp/verify', {
    data: { phone, code: await latestCode(request, phone) },
  });
  expect(verify.ok()).toBe(true);
  const registered = await request.post('/api/users', {
    data: {
      phone,
      thai_id: newThaiId(),
      gender: 'female',
      birthday: '1988-02-14',
      ...person,
      address: '45 หมู่ 2',
      subdistrist: 'ศรีภูมิ',
      district: 'เมืองเชียงใหม่',
      province: 'เชียงใหม่',
      postcode: '50200',
      consent_version: CONSENT_VERSION,
    },
  });
  expect(registered.status()).toBe(201);
  return phone;
}

/** On the login screen: the demo patient's number, then the code from the development outbox. */
export async function signInAsDemoPatient(page: Page, request: APIRequestContext): Promise<void> {
  await page.getByLabel('เบอร์โทรศัพท์มือถือ').fill(typed(DEMO_PATIENT));
  await page.getByRole('button', { name: 'ถัดไป' }).click();
  await enterSentCode(page, request, DEMO_PATIENT);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
}

/**
 * Nothing scrolls sideways; then the screenshot, checked with axe-core. Measured against the phone's screen, not
 * `innerWidth`: on a phone a page wider than the screen widens the layout viewport with it, so innerWidth grows too.
 */
export async function shotFitting(page: Page, name: string): Promise<void> {
  const screenWidth = page.viewportSize()?.width ?? 0;
  const overflow = await page.evaluate((width) => document.documentElement.scrollWidth - width, screenWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  await screenshot(page, name);
}
