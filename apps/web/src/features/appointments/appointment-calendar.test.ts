import type { Appointment } from '@klaimor/contracts';
import { describe, expect, it } from 'vitest';
import { appointmentCalendar, foldLine } from './appointment-calendar';

const appointment = {
  id: '11111111-1111-4111-8111-111111111111',
  start: '2026-11-26T02:00:00.000Z',
  end: '2026-11-26T02:30:00.000Z',
  hospital: { lat: 13.75793, lng: 100.48585 },
} as Appointment;

const texts = {
  summary: 'นัดตรวจคัดกรอง โรงพยาบาลศิริราช',
  description: 'เลขที่นัด 11111111\nนำบัตรประชาชน, ยาที่กินอยู่; และบัตรสิทธิ',
  location: '2 ถนนวังหลัง แขวงศิริราช เขตบางกอกน้อย กรุงเทพมหานคร 10700',
  reminder: 'อีก 2 ชั่วโมงถึงเวลานัด',
};

const unfold = (ics: string) => ics.replace(/\r\n /g, '');
const octets = (line: string) => new TextEncoder().encode(line).length;

describe('an appointment as a calendar file', () => {
  it('is one event in UTC with a reminder two hours before, with CRLF line ends', () => {
    const ics = appointmentCalendar(appointment, texts, new Date('2026-11-25T10:00:00.000Z'));
    const lines = unfold(ics).split('\r\n');
    expect(lines).toContain('DTSTART:20261126T020000Z');
    expect(lines).toContain('DTEND:20261126T023000Z');
    expect(lines).toContain('DTSTAMP:20261125T100000Z');
    expect(lines).toContain('UID:11111111-1111-4111-8111-111111111111@klaimor');
    expect(lines).toContain('TRIGGER:-PT2H');
    expect(lines).toContain('GEO:13.75793;100.48585');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('escapes commas, semicolons and newlines in Thai text, and gets it back whole after unfolding', () => {
    const lines = unfold(appointmentCalendar(appointment, texts)).split('\r\n');
    expect(lines).toContain('DESCRIPTION:เลขที่นัด 11111111\\nนำบัตรประชาชน\\, ยาที่กินอยู่\\; และบัตรสิทธิ');
    expect(lines).toContain(`LOCATION:${texts.location}`);
  });

  it('folds long lines at 75 octets without cutting a Thai letter', () => {
    const long = `LOCATION:${'โรงพยาบาลศิริราช '.repeat(10)}`;
    const folded = foldLine(long);
    for (const line of folded.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(folded.split('\r\n').length).toBeGreaterThan(1);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    expect(folded).not.toContain('\uFFFD');
  });
});
