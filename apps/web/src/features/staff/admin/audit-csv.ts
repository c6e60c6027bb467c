import type { AuditLogEntry } from '@klaimor/contracts';
import type { DateLanguage } from '../../../lib/thai-date';
import type { StaffT } from '../shared/staff-format';
import { auditActor, auditDetailLines, auditEntryAction, type AuditNames } from './audit-format';

/** Excel reads a file starting with the byte order mark as UTF-8 (Thai included); without it, as the PC's code page. */
const BOM = '\uFEFF';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, its quotes doubled. A field a
 * spreadsheet would take for a formula (=, +, -, @, a tab or a carriage return first) starts with an apostrophe, so a
 * name typed as `=HYPERLINK(…)` stays text.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvRow = (fields: readonly string[]): string => fields.map(csvField).join(',');

// The Bangkok wall clock, written as ISO does (2026-12-05 14:05:33): one column a spreadsheet sorts and filters.
const bangkok = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Bangkok',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * The entries as the screen shows them, a row each, in the reader's language: when (Bangkok time), who, in which role,
 * what and what changed in words, the patient by reference only, the member concerned, and the action's code. Nothing
 * else: no patient's name, phone or ID number reaches the file, as none reaches the screen.
 */
export function auditCsv(t: StaffT, lang: DateLanguage, entries: readonly AuditLogEntry[], names?: AuditNames): string {
  const heading = csvRow([
    t('audit.csv.at'),
    t('audit.csv.member'),
    t('audit.csv.email'),
    t('audit.csv.role'),
    t('audit.csv.action'),
    t('audit.csv.details'),
    t('audit.csv.patientRef'),
    t('audit.csv.subject'),
    t('audit.csv.code'),
  ]);
  const rows = entries.map((e) =>
    csvRow([
      bangkok.format(new Date(e.at)),
      auditActor(t, e).name,
      e.member?.email ?? '',
      auditActor(t, e).role ?? '',
      auditEntryAction(t, lang, e),
      auditDetailLines(t, lang, e, names).join('; '),
      // As the screen writes it: '#' keeps a spreadsheet from reading 1E234567 as a number.
      e.patientRef ? `#${e.patientRef}` : '',
      e.subject?.displayName ?? '',
      e.action,
    ]),
  );
  return `${BOM}${[heading, ...rows].join('\r\n')}\r\n`;
}
