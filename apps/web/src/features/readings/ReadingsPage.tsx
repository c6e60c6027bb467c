import {
  CARE_ACCESS,
  READINGS_DEFAULT_DAYS,
  careAllows,
  type HomeReading,
  type ReadingKind,
  type ResultSeries,
} from '@klaimor/contracts';
import AddIcon from '@mui/icons-material/Add';
import BloodtypeIcon from '@mui/icons-material/Bloodtype';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import MonitorWeightIcon from '@mui/icons-material/MonitorWeight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { NoticeSnackbar } from '../../components/NoticeSnackbar';
import { PageTitle } from '../../components/PageTitle';
import { appLanguage } from '../../i18n/language';
import { apiErrorMessage } from '../../lib/error-messages';
import { PersonGate } from '../../session/PersonGate';
import { useCareAllows, useSelectedPerson } from '../../session/use-selected-person';
import { useWhoseHeading } from '../../session/use-whose-heading';
import { useResults } from '../results/results.queries';
import { ReadingItem } from './ReadingItem';
import { ReadingReminderSettings } from './ReadingReminderSettings';
import { ReadingsTrendChart } from './ReadingsTrendChart';
import { READING_KINDS, chartPoints, hospitalBeside, hospitalPoints, readingTime } from './readings-format';
import { useHomeReadings, useRemoveReading } from './readings.queries';
import { useReadingsTexts } from './readings.texts';
import { usePatientChartTexts } from './use-chart-texts';

const KIND_ICONS: Record<ReadingKind, ReactNode> = {
  blood_pressure: <MonitorHeartIcon />,
  glucose: <BloodtypeIcon />,
  weight: <MonitorWeightIcon />,
};

/** How many of a kind's readings the latest list shows, newest first. */
const LATEST = 5;

/** What the quick entry hands back after a save without alerts: the words of the reading saved. */
export interface SavedState {
  saved?: string;
}

/**
 * /readings ("ค่าที่วัดเองที่บ้าน"): per kind, the home readings beside the hospital's results on one chart, and the
 * latest readings with their flags and alerts in words, each deletable. The reminder settings show to whoever keeps
 * the person's reminders (the patient, or the holder of a profile that cannot sign in).
 */
export function ReadingsPage() {
  return (
    <PersonGate area="homeReadings">
      <ReadingsScreen />
    </PersonGate>
  );
}

function ReadingsScreen() {
  const { t, i18n } = useReadingsTexts();
  const lang = appLanguage(i18n);
  const whose = useWhoseHeading();
  const readings = useHomeReadings();
  // The hospital's results need a grant that opens the record: a medicines-only caregiver sees the home readings only.
  const seesResults = useCareAllows('records');
  const results = useResults({ enabled: seesResults });
  const link = useSelectedPerson().person?.link;
  const keepsReminders =
    !link || careAllows({ scopes: link.scopes, holds: link.person.youHold }, CARE_ACCESS.notifications.change);
  const saved = (useLocation().state as SavedState | null)?.saved ?? null;
  const remove = useRemoveReading();
  const [removing, setRemoving] = useState<HomeReading | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const hospital: readonly ResultSeries[] = seesResults ? (results.data ?? []) : [];
  const resultsPending = seesResults && results.isPending;
  // The moment the chart's days count back from: when the screen was drawn.
  const [now] = useState(() => Date.now());

  const add = (
    <Button
      component={Link}
      to="/readings/new"
      variant="contained"
      size="large"
      startIcon={<AddIcon />}
      sx={{ alignSelf: 'stretch', minHeight: 56, fontSize: '1.125rem' }}
    >
      {t('add')}
    </Button>
  );

  const kinds = READING_KINDS.map((kind) => ({
    kind,
    points: chartPoints(
      readings.data ?? [],
      kind,
      hospitalBeside(hospitalPoints(hospital, kind), READINGS_DEFAULT_DAYS, now),
    ),
    latest: (readings.data ?? [])
      .filter((r) => r.kind === kind)
      .slice(-LATEST)
      .reverse(),
  })).filter((k) => k.points.length > 0);

  return (
    <Stack spacing={2.5}>
      <PageTitle subtitle={whose(t, 'subtitle')}>{whose(t, 'title')}</PageTitle>
      {saved ? (
        <Alert severity="success" role="status" sx={{ fontSize: '1.05rem' }}>
          {saved}
        </Alert>
      ) : null}
      {add}
      {readings.isPending || resultsPending ? (
        <LoadingState label={t('loading')} />
      ) : readings.data === undefined ? (
        <ErrorState onRetry={() => void readings.refetch()} />
      ) : kinds.length === 0 ? (
        <EmptyState icon={<MonitorHeartIcon />} title={t('empty.title')} description={t('empty.body')} />
      ) : (
        <>
          {seesResults && results.isError ? (
            // Home readings still stand on their own; the patient is told the hospital's are missing, not misled.
            <Alert
              severity="info"
              action={
                <Button color="inherit" onClick={() => void results.refetch()}>
                  {t('hospitalMissing.retry')}
                </Button>
              }
            >
              {t('hospitalMissing.body')}
            </Alert>
          ) : null}
          {kinds.map(({ kind, points, latest }) => (
            <KindSection key={kind} kind={kind} icon={KIND_ICONS[kind]}>
              <KindChart kind={kind} points={points} />
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 2, mb: 1 }}>
                {t('latest.heading')}
              </Typography>
              {latest.length === 0 ? (
                <Typography color="text.secondary">{t('latest.none')}</Typography>
              ) : (
                <Stack component="ul" spacing={1} sx={{ m: 0, p: 0 }}>
                  {latest.map((reading) => (
                    <ReadingItem key={reading.id} reading={reading} onRemove={() => setRemoving(reading)} />
                  ))}
                </Stack>
              )}
            </KindSection>
          ))}
        </>
      )}
      {keepsReminders ? <ReadingReminderSettings /> : null}
      <ConfirmDialog
        open={removing !== null}
        title={removing ? t('confirmRemove.title', { time: readingTime(removing.takenAt, t, lang) }) : ''}
        body={t('confirmRemove.body')}
        confirmLabel={t('confirmRemove.confirm')}
        destructive
        busy={remove.isPending}
        error={remove.error ? apiErrorMessage(t, remove.error) : null}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              setNotice(t('removed'));
            },
          })
        }
        onClose={() => {
          setRemoving(null);
          remove.reset();
        }}
      />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}

function KindChart({ kind, points }: { kind: ReadingKind; points: ReturnType<typeof chartPoints> }) {
  const { t } = useReadingsTexts();
  const { texts, formatAxis } = usePatientChartTexts(kind);
  return (
    <>
      <ReadingsTrendChart kind={kind} points={points} texts={texts} formatAxis={formatAxis} />
      {points.length === 1 ? (
        <Typography variant="body2" color="text.secondary">
          {t('chart.onlyOne')}
        </Typography>
      ) : null}
    </>
  );
}

/** A kind's chart and latest readings under its heading (a region named by it). */
function KindSection({ kind, icon, children }: { kind: ReadingKind; icon: ReactNode; children: ReactNode }) {
  const { t } = useReadingsTexts();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, color: 'primary.dark' }}>
        <Box aria-hidden sx={{ display: 'flex' }}>
          {icon}
        </Box>
        <Typography component="h2" variant="h6" id={headingId} sx={{ fontWeight: 600, color: 'text.primary' }}>
          {t(`kinds.${kind}`)}
        </Typography>
      </Stack>
      {children}
    </Box>
  );
}
