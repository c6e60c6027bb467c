import { FIXED_DOSE_TIMES, type ChecklistDose, type DoseTime, type MedicationForm } from '@klaimor/contracts';
import type { TFunction } from 'i18next';
import { dateLocaleOf } from '../../lib/thai-date';

type T = TFunction<'medications'>;

/** 'Metformin 500 mg': the name and, when known, the strength, as the patient asks for it. */
export function medicineName(m: { name: string; strength: string | null }): string {
  return m.strength ? `${m.name} ${m.strength}` : m.name;
}

/** An amount in the medicine's own unit: '2 เม็ด', '5 มล.'. */
export function formatUnits(count: number, form: MedicationForm, t: T): string {
  return t(`units.${form}`, { count });
}

/** Where 'ช่วยค้นหายา' goes: the map, narrowed to pharmacies, with the medicine to ask for. */
export function findMedicineLink(m: { name: string; strength: string | null }): string {
  return `/map?${new URLSearchParams({ kind: 'pharmacy', medicine: medicineName(m) }).toString()}`;
}

/** One panel of the checklist: a fixed time of day, or one custom time (label and clock time). */
export interface DosePanel<D extends ChecklistDose = ChecklistDose> {
  key: string;
  doseTime: DoseTime;
  label: string | null;
  time: string | null;
  doses: D[];
}

/** Groups a day's doses (already in the order of the day) into panels, keeping that order. */
export function dosePanels<D extends ChecklistDose>(doses: D[]): DosePanel<D>[] {
  const panels = new Map<string, DosePanel<D>>();
  for (const dose of doses) {
    const key = dose.doseTime === 'custom' ? `custom|${dose.time ?? ''}|${dose.label ?? ''}` : dose.doseTime;
    let panel = panels.get(key);
    if (!panel) {
      panel = { key, doseTime: dose.doseTime, label: dose.label, time: dose.time, doses: [] };
      panels.set(key, panel);
    }
    panel.doses.push(dose);
  }
  return [...panels.values()];
}

/** A panel's heading: 'หลังอาหารเช้า', or a custom time's own label with its clock time. */
export function panelTitle(panel: Pick<DosePanel, 'doseTime' | 'label' | 'time'>, t: T): string {
  if (panel.doseTime !== 'custom') return t(`doseTimes.${panel.doseTime}`);
  return panel.time
    ? t('checklist.customTime', { label: panel.label ?? t('doseTimes.custom'), time: panel.time })
    : (panel.label ?? t('doseTimes.custom'));
}

/** The panel opened first: the first one with a dose still to take, else the first. */
export function firstDuePanel(panels: DosePanel[]): string | null {
  return (panels.find((p) => p.doses.some((d) => !d.taken)) ?? panels[0])?.key ?? null;
}

export const isFixedDoseTime = (time: DoseTime): time is (typeof FIXED_DOSE_TIMES)[number] =>
  (FIXED_DOSE_TIMES as readonly string[]).includes(time);

/** 0.857 -> 86 */
export const percent = (rate: number) => Math.round(rate * 100);

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** '2025-06-12' -> 'วันพฤหัสบดีที่ 12 มิถุนายน 2568' (th), 'Thursday 12 June 2025' (en). */
export function formatDay(iso: string, lang: 'th' | 'en'): string {
  let f = dayFormats.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(dateLocaleOf(lang), {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Asia/Bangkok',
    });
    dayFormats.set(lang, f);
  }
  const [y, m, d] = iso.split('-').map(Number);
  return f.format(new Date(Date.UTC(y, m - 1, d, 12)));
}
