import {
  READINGS_DEFAULT_DAYS,
  averageReadings,
  type StaffHomeReading,
  type LabResult,
  type ReadingAverage,
  type ReadingKind,
  type ResultSeries,
} from '@klaimor/contracts';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { isApiError } from '../../../api/client';
import { LoadingState } from '../../../components/LoadingState';
import { appLanguage, type Language } from '../../../i18n/language';
import { formatBuddhistDate } from '../../../lib/thai-date';
import { ReadingsTrendChart, type ReadingsChartTexts } from '../../readings/ReadingsTrendChart';
import {
  READING_KINDS,
  chartPoints,
  clockOf,
  dayOf,
  decimalsOf,
  formatNumber,
  hospitalBeside,
  hospitalPoints,
  readingValues,
  type ChartPoint,
} from '../../readings/readings-format';
import { StaffLoadError } from '../shared/StaffLoadError';
import type { StaffT } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';
import { useVisitResults } from './results.queries';
import { useVisitReadings } from './readings.queries';

const DAY_MS = 86_400_000;

/** A kind's values with their unit, as a clinician reads them ("142/88 mmHg", "118 mg/dL", "61.2 kg"). */
function valuesOf(t: StaffT, kind: ReadingKind, values: readonly (number | null)[], lang: Language): string {
  if (kind === 'blood_pressure')
    return t('homeReadings.value.bloodPressure', { systolic: values[0], diastolic: values[1] });
  if (kind === 'glucose') return t('homeReadings.value.glucose', { glucose: values[0] });
  return t('homeReadings.value.weight', { weight: formatNumber(values[0] ?? 0, 1, lang) });
}

function averageText(t: StaffT, kind: ReadingKind, average: ReadingAverage | null, lang: Language): string {
  if (average === null) return t('homeReadings.none');
  const values =
    kind === 'blood_pressure'
      ? [average.systolic, average.diastolic]
      : kind === 'glucose'
        ? [average.glucose]
        : [average.weightKg];
  return t('homeReadings.average', { value: valuesOf(t, kind, values, lang), count: average.count });
}

const timeOf = (t: StaffT, at: string | number, lang: Language) =>
  t('homeReadings.time', { date: formatBuddhistDate(dayOf(at), lang, 'short'), time: clockOf(at) });

/** The facility's results (newest first) by test, oldest first, as the chart's hospital points take them. */
function seriesOf(results: readonly LabResult[]): ResultSeries[] {
  const codes = [...new Set(results.map((r) => r.code))];
  return codes.map((code) => ({
    code,
    results: results.filter((r) => r.code === code && r.releasedAt !== null).reverse(),
  }));
}

export interface HomeReadingsPanelProps {
  facilityId: string;
  appointmentId: string;
}

/**
 * The patient's home readings beside the results: per kind the 7- and 30-day averages with their counts and the
 * latest, the danger signs of the last 30 days first and in red, and each kind's chart beside this facility's
 * results. Read once when shown (audited).
 */
export function HomeReadingsPanel({ facilityId, appointmentId }: HomeReadingsPanelProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const headingId = useId();
  const readings = useVisitReadings(facilityId, appointmentId);
  const results = useVisitResults(facilityId, appointmentId);
  // The moment the averages count back from: when the section was drawn.
  const [now] = useState(() => Date.now());

  const heading = (
    <Typography id={headingId} variant="subtitle2" component="h4" sx={{ fontWeight: 600 }}>
      {t('homeReadings.title')}
    </Typography>
  );
  let body: ReactNode;
  if (readings.isPending) body = <LoadingState label={t('homeReadings.loading')} />;
  else if (isApiError(readings.error, 'record_outside_care'))
    body = (
      <Typography variant="body2" color="text.secondary">
        {t('homeReadings.outsideCare')}
      </Typography>
    );
  else if (readings.isError) body = <StaffLoadError error={readings.error} onRetry={() => void readings.refetch()} />;
  else if (readings.data.length === 0)
    body = (
      <Typography variant="body2" color="text.secondary">
        {t('homeReadings.empty')}
      </Typography>
    );
  else {
    const data = readings.data;
    const monthAgo = now - 30 * DAY_MS;
    const alerted = data.filter((r) => r.alerts.length > 0 && Date.parse(r.takenAt) >= monthAgo).reverse();
    const kinds = READING_KINDS.filter((kind) => data.some((r) => r.kind === kind));
    const hospital = seriesOf(results.data ?? []);
    body = (
      <>
        <Typography variant="body2" color="text.secondary">
          {t('homeReadings.intro')}
        </Typography>
        {alerted.length > 0 ? (
          <Alert severity="error" icon={<WarningAmberIcon />}>
            <AlertTitle>{t('homeReadings.alertsTitle', { count: alerted.length })}</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {alerted.map((r) => (
                <li key={r.id}>
                  {t('homeReadings.alertLine', {
                    time: timeOf(t, r.takenAt, lang),
                    value: valuesOf(t, r.kind, readingValues(r), lang),
                    alert: r.alerts.map((a) => t(`homeReadings.alerts.${a}`)).join(', '),
                  })}
                </li>
              ))}
            </Box>
          </Alert>
        ) : (
          <Typography variant="body2">{t('homeReadings.noAlerts')}</Typography>
        )}
        <Table size="small" aria-label={t('homeReadings.table.caption')}>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{t('homeReadings.table.week')}</TableCell>
              <TableCell scope="col">{t('homeReadings.table.month')}</TableCell>
              <TableCell scope="col">{t('homeReadings.table.latest')}</TableCell>
            </TableRow>
          </TableHead>
          {/* In the record's narrow column each kind heads its own rows, so the figures get the whole width. */}
          {kinds.map((kind) => {
            const latest = data.filter((r) => r.kind === kind).at(-1) as StaffHomeReading;
            return (
              <TableBody key={kind}>
                <TableRow>
                  <TableCell
                    component="th"
                    scope="rowgroup"
                    colSpan={3}
                    sx={{ fontWeight: 600, borderBottom: 0, pb: 0 }}
                  >
                    {t(`homeReadings.kinds.${kind}`)}
                  </TableCell>
                </TableRow>
                <TableRow>
                  <TableCell>{averageText(t, kind, averageReadings(data, kind, now - 7 * DAY_MS), lang)}</TableCell>
                  <TableCell>{averageText(t, kind, averageReadings(data, kind, monthAgo), lang)}</TableCell>
                  <TableCell>
                    {valuesOf(t, kind, readingValues(latest), lang)}
                    <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                      {latest.timing
                        ? `${timeOf(t, latest.takenAt, lang)} · ${t(`homeReadings.timing.${latest.timing}`)}`
                        : timeOf(t, latest.takenAt, lang)}
                    </Typography>
                  </TableCell>
                </TableRow>
              </TableBody>
            );
          })}
        </Table>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(20rem, 100%), 1fr))', gap: 2 }}>
          {kinds.map((kind) => (
            <KindChart
              key={kind}
              kind={kind}
              points={chartPoints(
                data,
                kind,
                hospitalBeside(hospitalPoints(hospital, kind), READINGS_DEFAULT_DAYS, now),
              )}
            />
          ))}
        </Box>
      </>
    );
  }
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 1.5, display: 'grid', gap: 1 }}>
      {heading}
      {body}
    </Paper>
  );
}

function KindChart({ kind, points }: { kind: ReadingKind; points: ChartPoint[] }) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const target =
    kind === 'blood_pressure'
      ? t('homeReadings.chart.targetBloodPressure')
      : kind === 'glucose'
        ? t('homeReadings.chart.targetGlucose')
        : null;
  const texts: ReadingsChartTexts = {
    home: t('homeReadings.chart.home'),
    hospital: t('homeReadings.chart.hospital'),
    target,
    caption: t('homeReadings.chart.caption', { kind: t(`homeReadings.kinds.${kind}`) }),
    when: t('homeReadings.chart.when'),
    where: t('homeReadings.chart.where'),
    reading: t('homeReadings.chart.reading'),
    values: (point) => valuesOf(t, kind, point.values, lang),
    time: (point) =>
      point.source === 'home' ? timeOf(t, point.at, lang) : formatBuddhistDate(dayOf(point.at), lang, 'short'),
    tick: (at) => formatBuddhistDate(dayOf(at), lang, 'short').replace(/ \d{4}$/, ''),
    flag: (point) => (point.flag ? t(`homeReadings.chart.flag.${point.flag}`) : ''),
  };
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t(`homeReadings.kinds.${kind}`)}
      </Typography>
      <ReadingsTrendChart
        kind={kind}
        points={points}
        texts={texts}
        formatAxis={(v) => formatNumber(v, decimalsOf(kind) === 1 && v % 1 !== 0 ? 1 : 0, lang)}
      />
    </Box>
  );
}
