import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { expect } from './fixtures';
import { shotFitting } from './patient';

/** TOTP steps already used in this run, per secret: the server accepts each step's code once. */
const usedSteps = new Map<string, number>();
const STEP_MS = 30_000;

/**
 * A code for a demo member's authenticator that the server has not seen yet: when an earlier journey of this run
 * (the journeys share one worker) signed the same member in during the current 30-second step, it waits for the next.
 */
export async function unusedTotpCode(secret: string): Promise<string> {
  let step = Math.floor(Date.now() / STEP_MS);
  if (usedSteps.get(secret) === step) {
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * STEP_MS - Date.now() + 200));
    step += 1;
  }
  usedSteps.set(secret, step);
  return generate({ secret, epoch: step * 30 });
}

/** The demo hospital's staff (README, "Hospital staff (demo)"): demo mode seeds them at Siriraj. */
export const DEMO_STAFF_PASSWORD = 'klaimor-demo-staff';
export const DEMO_ADMIN = {
  email: 'admin@demo.klaimor.test',
  name: 'ผู้ดูแลระบบ (เดโม)',
  secret: 'KLAIMORDEMOADMINKLAIMORDEMOADMIN',
};
export const DEMO_FRONT_DESK = {
  email: 'frontdesk@demo.klaimor.test',
  name: 'เจ้าหน้าที่หน้าเคาน์เตอร์ (เดโม)',
  secret: 'KLAIMORDEMOFRONTDESKKLAIMORDEMOF',
};
export const DEMO_CLINICIAN = {
  email: 'clinician@demo.klaimor.test',
  name: 'แพทย์ (เดโม)',
  secret: 'KLAIMORDEMOCLINICIANKLAIMORDEMOC',
};
export const DEMO_PHARMACIST = {
  email: 'pharmacy@demo.klaimor.test',
  name: 'เภสัชกร (เดโม)',
  secret: 'KLAIMORDEMOPHARMACISTKLAIMORDEMO',
};

/**
 * Signs a demo member in through the staff sign-in screen, on to their first screen: the schedule for the admin, the
 * repeat prescriptions for the pharmacist, the day's appointments for the others.
 */
export async function signInStaff(page: Page, member: { email: string; secret: string }): Promise<void> {
  await page.goto('/staff/sign-in');
  await page.getByRole('textbox', { name: /^อีเมล/ }).fill(member.email);
  await page.getByLabel(/^รหัสผ่าน/).fill(DEMO_STAFF_PASSWORD);
  await page.getByRole('textbox', { name: /^รหัส 6 หลัก/ }).fill(await unusedTotpCode(member.secret));
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  await expect(page).toHaveURL(/\/staff\/(day|schedule|refills)$/);
}

/** Signs the member out from the staff frame, back to the sign-in page. */
export async function signOutStaff(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'ออกจากระบบ' }).click();
  await expect(page).toHaveURL(/\/staff\/sign-in$/);
}

/** A staff screen at a desktop's width and then a phone's, in the language shown, and back to the desktop. */
export async function shotsAtBothWidths(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 768 });
  await shotFitting(page, `${name}-1366`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shotFitting(page, `${name}-390`);
  await page.setViewportSize({ width: 1366, height: 768 });
}

const DAY_MINUTES = 24 * 60;
/** Minutes since midnight in Bangkok (UTC+7, no daylight saving). */
const bangkokMinutes = () => Math.floor(Date.now() / 60_000 + 7 * 60) % DAY_MINUTES;
const bangkokToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
const minutesOf = (clockTime: string) => Number(clockTime.slice(0, 2)) * 60 + Number(clockTime.slice(3, 5));
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * An extra session today whose first slot starts at the next 5-minute mark at least 3 minutes ahead (booking needs a
 * slot still to come, check-in needs it to be today), for an hour or what is left of the day. Within the day's last
 * few minutes it waits for the next day. Journeys run close together may get the same times: tell sessions apart by
 * their clinician.
 */
export async function sessionToday(): Promise<{
  onDate: string;
  sessionStart: string;
  sessionEnd: string;
  slotMinutes: number;
}> {
  let start = Math.ceil((bangkokMinutes() + 3) / 5) * 5;
  if (start > DAY_MINUTES - 10) {
    await new Promise((resolve) => setTimeout(resolve, (DAY_MINUTES - bangkokMinutes() + 1) * 60_000));
    start = Math.ceil((bangkokMinutes() + 3) / 5) * 5;
  }
  const end = Math.min(start + 60, DAY_MINUTES - 1);
  return {
    onDate: bangkokToday(),
    sessionStart: clock(start),
    sessionEnd: clock(end),
    slotMinutes: Math.min(15, end - start),
  };
}

/**
 * A patient (signed in on `patient`) booked into a new session of today at the hospital, the deposit paid if one is
 * asked, and checked in by the front desk: in the hospital's care, ready for the clinician. The session is told apart
 * from others of the same times by its `doctor`. Leaves `staff` signed out; returns the appointment's id.
 */
export async function checkedInToday(
  staff: Page,
  patient: Page,
  { hospital, doctor, symptoms }: { hospital: string; doctor: string; symptoms: string },
): Promise<string> {
  const base = `/api/staff/facilities/${hospital}`;
  await signInStaff(staff, DEMO_ADMIN);
  const session = await sessionToday();
  // One slot of one place, which this patient takes: the journeys share one server, and a free slot without a deposit
  // left at the hospital would be offered to a later journey that expects to pay one (e2e/booking-journey).
  const slotMinutes = minutesOf(session.sessionEnd) - minutesOf(session.sessionStart);
  const added = await staff.request.post(`${base}/schedule/extra-sessions`, {
    data: { ...session, slotMinutes, places: 1, depositAmount: 0, clinician: doctor },
  });
  expect(added.status(), await added.text()).toBe(201);
  await signOutStaff(staff);
  const day = session.onDate;
  const slots = (await (await patient.request.get(`/api/hospitals/${hospital}/slots?from=${day}&to=${day}`)).json())
    .data as { id: string; start: string; remaining: number; doctor: string }[];
  const slot = slots.find((s) => s.doctor === doctor && s.start > new Date().toISOString() && s.remaining > 0)!;
  const booked = await patient.request.post('/api/appointments', {
    headers: { 'idempotency-key': randomUUID() },
    data: { hospitalId: hospital, slotId: slot.id, symptoms, duration: '2 วัน' },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id, status } = (await booked.json()).data[0] as { id: string; status: string };
  if (status === 'awaiting_deposit')
    expect((await patient.request.post(`/api/dev/payments/${id}/paid`)).ok()).toBe(true);
  await signInStaff(staff, DEMO_FRONT_DESK);
  const checkedIn = await staff.request.post(`${base}/appointments/${id}/check-in`);
  expect(checkedIn.status(), await checkedIn.text()).toBe(200);
  await signOutStaff(staff);
  return id;
}
