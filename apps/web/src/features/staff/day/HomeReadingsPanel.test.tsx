import type { StaffHomeReading } from '@klaimor/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../../test/render';
import { apiError, FACILITY } from '../staff-test-data';
import '../staff.texts';
import { HomeReadingsPanel } from './HomeReadingsPanel';

const VISIT = 'appt-1';
const READINGS = `/api/staff/facilities/${FACILITY}/appointments/${VISIT}/readings`;
const RESULTS = `/api/staff/facilities/${FACILITY}/appointments/${VISIT}/results`;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

function reading(id: string, days: number, patch: Partial<StaffHomeReading>): StaffHomeReading {
  return {
    id,
    kind: 'blood_pressure',
    takenAt: daysAgo(days),
    systolic: null,
    diastolic: null,
    pulse: null,
    glucose: null,
    timing: null,
    weightKg: null,
    flag: null,
    alerts: [],
    createdAt: daysAgo(days),
    ...patch,
  };
}

/** Oldest first, as the server answers. */
const log = [
  reading('g-old', 40, { kind: 'glucose', glucose: 62, timing: 'fasting', flag: 'low', alerts: ['glucose_low'] }),
  reading('bp-20', 20, { systolic: 160, diastolic: 100, flag: 'high' }),
  reading('bp-10', 10, { systolic: 186, diastolic: 112, flag: 'high', alerts: ['bp_crisis'] }),
  reading('w-6', 6, { kind: 'weight', weightKg: 61.5 }),
  reading('bp-5', 5, { systolic: 140, diastolic: 90, flag: 'high' }),
  reading('w-3', 3, { kind: 'weight', weightKg: 60.9 }),
  reading('bp-2', 2, { systolic: 150, diastolic: 94, flag: 'high' }),
];

describe('HomeReadingsPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives each kind its 7- and 30-day averages with their counts, and the last 30 days’ danger signs first', async () => {
    mockApi({
      [`GET ${READINGS}`]: () => json(200, { data: log }),
      [`GET ${RESULTS}`]: () => json(200, { data: [] }),
    });
    renderWithProviders(<HomeReadingsPanel facilityId={FACILITY} appointmentId={VISIT} />);
    const section = await screen.findByRole('region', { name: 'ค่าที่ผู้ป่วยวัดเองที่บ้าน' });
    const table = await within(section).findByRole('table', { name: 'ค่าเฉลี่ยที่วัดที่บ้าน' });
    // Each kind heads its own rows: its figures are the cells of its group.
    const kindRows = (kind: string) =>
      within(
        within(table)
          .getAllByRole('rowgroup')
          .find((group) => within(group).queryByRole('rowheader', { name: kind }))!,
      ).getAllByRole('cell');
    const cells = kindRows('ความดันโลหิต');
    // 7 days: 150/94 and 140/90. 30 days: those, 186/112 and 160/100.
    expect(cells[0]).toHaveTextContent('145/92 mmHg (2 ครั้ง)');
    expect(cells[1]).toHaveTextContent('159/99 mmHg (4 ครั้ง)');
    expect(cells[2]).toHaveTextContent('150/94 mmHg');
    const weight = kindRows('น้ำหนัก');
    expect(weight[0]).toHaveTextContent('61.2 kg (2 ครั้ง)');
    // The glucose of 40 days ago counts in neither average, and its low is not among the last 30 days' signs.
    const glucose = kindRows('น้ำตาลในเลือด');
    expect(glucose[0]).toHaveTextContent('ไม่ได้วัด');
    expect(glucose[1]).toHaveTextContent('ไม่ได้วัด');

    const alerts = within(section).getByRole('alert');
    expect(alerts).toHaveTextContent('สัญญาณอันตราย 30 วันล่าสุด (1 ครั้ง)');
    expect(alerts).toHaveTextContent('186/112 mmHg (ความดันสูงวิกฤต)');
    expect(alerts).not.toHaveTextContent('น้ำตาลต่ำ');
    // A chart per kind measured, with its table for screen readers.
    expect(within(section).getByRole('table', { name: 'ความดันโลหิต ที่วัดที่บ้าน เก่าไปใหม่' })).toBeInTheDocument();
  });

  it('says when there is nothing, and when the visit is out of care', async () => {
    mockApi({
      [`GET ${READINGS}`]: () => json(200, { data: [] }),
      [`GET ${RESULTS}`]: () => json(200, { data: [] }),
    });
    const { unmount } = renderWithProviders(<HomeReadingsPanel facilityId={FACILITY} appointmentId={VISIT} />);
    expect(await screen.findByText('ผู้ป่วยยังไม่ได้บันทึกค่าที่วัดเองใน 90 วันที่ผ่านมา')).toBeInTheDocument();
    unmount();
    mockApi({
      [`GET ${READINGS}`]: () => json(403, apiError('record_outside_care', 'x')),
      [`GET ${RESULTS}`]: () => json(200, { data: [] }),
    });
    renderWithProviders(<HomeReadingsPanel facilityId={FACILITY} appointmentId={VISIT} />);
    expect(await screen.findByText(/ดูค่าที่วัดที่บ้านได้เมื่อผู้ป่วยเช็กอินแล้ว/)).toBeInTheDocument();
  });
});
