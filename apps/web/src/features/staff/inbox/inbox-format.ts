import { RED_FLAG_IDS, redFlagMessage, todayInBangkok, type InboxThread, type RedFlagId } from '@klaimor/contracts';
import type { DateLanguage } from '../../../lib/thai-date';
import { bangkokDateOf, formatClock, formatDateTime, redFlagName, type StaffT } from '../shared/staff-format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long the patient has waited for a reply since `since`, as a front desk says it: 'รอ 2 ชม.', 'รอ 3 วัน'. */
export function waitingText(t: StaffT, since: string, now: number = Date.now()): string {
  const waited = Math.max(0, now - new Date(since).getTime());
  if (waited < MINUTE) return t('inbox.waiting.justNow');
  if (waited < HOUR) return t('inbox.waiting.minutes', { count: Math.floor(waited / MINUTE) });
  if (waited < DAY) return t('inbox.waiting.hours', { count: Math.floor(waited / HOUR) });
  return t('inbox.waiting.days', { count: Math.floor(waited / DAY) });
}

/**
 * An instant as a list says it: today's by the clock ('วันนี้ 14:30 น.'), another day's with its date (Buddhist Era in
 * Thai, Common Era in English).
 */
export function formatWhen(t: StaffT, iso: string, lang: DateLanguage): string {
  return bangkokDateOf(iso) === todayInBangkok()
    ? t('inbox.todayAt', { time: formatClock(iso) })
    : formatDateTime(t, iso, lang);
}

/** The patient by name and age, as the day list shows them: 'ปิยะ ใจงาม · 37 ปี'. */
export function patientLine(t: StaffT, patient: InboxThread['patient']): string {
  const name = patient.name || t('inbox.unnamedPatient');
  return patient.age === null ? name : `${name} · ${t('day.age', { count: patient.age })}`;
}

/** Who has a thread, the signed-in member marked as such: 'สมหญิง ผู้ดูแล (คุณ)'. */
export const assigneeName = (
  t: StaffT,
  assignee: { id: string; name: string },
  memberId: string | undefined,
): string => (assignee.id === memberId ? t('inbox.you', { name: assignee.name }) : assignee.name);

const isRedFlagId = (id: string): id is RedFlagId => (RED_FLAG_IDS as readonly string[]).includes(id);

/**
 * A red flag a patient's message raised: the sign in a clinician's words, and what the app told the patient about it
 * (the triage's own sentence, with its 1669 advice); null for a sign this version does not know.
 */
export const redFlagWords = (
  t: StaffT,
  id: string,
  lang: DateLanguage,
): { name: string; toldPatient: string | null } => ({
  name: redFlagName(t, id),
  toldPatient: isRedFlagId(id) ? redFlagMessage(id, lang) : null,
});
