import type { Appointment } from '@klaimor/contracts';

/**
 * An appointment as an iCalendar file (RFC 5545) that phone calendars import: one event in UTC with a reminder two
 * hours before. Written here rather than with a library: the common one validates through a schema library many times
 * this module's size, for a format this small.
 */
export interface CalendarTexts {
  summary: string;
  description: string;
  location: string;
  reminder: string;
}

const utcStamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Text values escape backslash, semicolon, comma and newline (RFC 5545 3.3.11). */
const escapeText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

const encoder = new TextEncoder();

/**
 * Lines longer than 75 octets are folded (3.1): Thai letters take 3 octets each in UTF-8, so lines are cut by octets,
 * and never inside a character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // a continuation line starts with one space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function appointmentCalendar(appointment: Appointment, texts: CalendarTexts, now = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//KlaiMor//Appointments//TH',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${appointment.id}@klaimor`,
    `DTSTAMP:${utcStamp(now.toISOString())}`,
    `DTSTART:${utcStamp(appointment.start)}`,
    `DTEND:${utcStamp(appointment.end)}`,
    `SUMMARY:${escapeText(texts.summary)}`,
    `DESCRIPTION:${escapeText(texts.description)}`,
    `LOCATION:${escapeText(texts.location)}`,
    `GEO:${appointment.hospital.lat};${appointment.hospital.lng}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(texts.reminder)}`,
    'TRIGGER:-PT2H',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
