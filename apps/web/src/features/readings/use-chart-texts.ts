import type { ReadingKind } from '@klaimor/contracts';
import { appLanguage } from '../../i18n/language';
import { formatBuddhistDate } from '../../lib/thai-date';
import { clockOf, dayOf, formatNumber, decimalsOf, valuesText, type ChartPoint } from './readings-format';
import type { ReadingsChartTexts } from './ReadingsTrendChart';
import { useReadingsTexts } from './readings.texts';

const TARGETS: Record<ReadingKind, 'chart.targetBloodPressure' | 'chart.targetGlucose' | null> = {
  blood_pressure: 'chart.targetBloodPressure',
  glucose: 'chart.targetGlucose',
  weight: null,
};

/** An axis tick's day and month: "29 พ.ย." (the year is in the list and the table: two lines were cut short). */
export function tickDay(at: number, lang: 'th' | 'en'): string {
  const date = formatBuddhistDate(dayOf(at), lang, 'short');
  const cut = date.lastIndexOf(' ');
  return cut > 0 ? date.slice(0, cut) : date;
}

/** The patient's words for a kind's chart. */
export function usePatientChartTexts(kind: ReadingKind): {
  texts: ReadingsChartTexts;
  formatAxis: (v: number) => string;
} {
  const { t, i18n } = useReadingsTexts();
  const lang = appLanguage(i18n);
  const target = TARGETS[kind];
  const dayText = (point: ChartPoint) => formatBuddhistDate(dayOf(point.at), lang, 'short');
  return {
    texts: {
      home: t('chart.home'),
      hospital: t('chart.hospital'),
      target: target ? t(target) : null,
      caption: t('chart.tableCaption', { kind: t(`kinds.${kind}`) }),
      when: t('chart.when'),
      where: t('chart.where'),
      reading: t('chart.reading'),
      values: (point) => valuesText(kind, point.values, t, lang),
      time: (point) =>
        point.source === 'home' ? t('time', { date: dayText(point), time: clockOf(point.at) }) : dayText(point),
      tick: (at) => tickDay(at, lang),
      flag: (point) => (point.flag ? t(`flag.${point.flag}`) : ''),
    },
    formatAxis: (v) => formatNumber(v, decimalsOf(kind) === 1 && v % 1 !== 0 ? 1 : 0, lang),
  };
}
