import type { LabResult, RecordResultsBody, ResultFlag } from '@klaimor/contracts';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import RemoveIcon from '@mui/icons-material/Remove';
import SendIcon from '@mui/icons-material/Send';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { isApiError } from '../../../api/client';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadingState } from '../../../components/LoadingState';
import { appLanguage } from '../../../i18n/language';
import { formatBuddhistDate } from '../../../lib/thai-date';
import { StaffLoadError } from '../shared/StaffLoadError';
import { staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { ResultsEntryForm } from './ResultsEntryForm';
import { formatResultValue, rangeText, sittingsOf, testName, unitOf, type Sitting } from './results-format';
import { useRecordResults, useReleaseResults, useVisitResults } from './results.queries';

/** About how many results show before "show all": every held sitting, then the latest ones up to this. */
const FIRST_ROWS = 12;

/** The held sittings, and the latest others while they fit in FIRST_ROWS (the newest one always). */
function firstSittings(sittings: Sitting[]): Sitting[] {
  const shown: Sitting[] = [];
  let rows = 0;
  for (const sitting of sittings) {
    if (!sitting.held && shown.length > 0 && rows + sitting.results.length > FIRST_ROWS) break;
    shown.push(sitting);
    rows += sitting.results.length;
  }
  return shown;
}

/** A held sitting stands out, in the warning's hue: still to explain and give. */
const HELD_BACKGROUND = (theme: Theme) => alpha(theme.palette.warning.main, 0.1);

const FLAG_ICONS: Record<ResultFlag | 'none', ReactNode> = {
  high: <ArrowUpwardIcon fontSize="small" />,
  low: <ArrowDownwardIcon fontSize="small" />,
  normal: <CheckCircleOutlinedIcon fontSize="small" />,
  none: <RemoveIcon fontSize="small" />,
};
const FLAG_COLOURS: Record<ResultFlag | 'none', string> = {
  high: 'error.main',
  low: 'error.main',
  normal: 'success.dark',
  none: 'text.secondary',
};

/** An icon and its words side by side, the words wrapping beside the icon. */
function Labelled({ icon, colour, children }: { icon: ReactNode; colour: string; children: ReactNode }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'flex-start', gap: 0.5, color: colour }}>
      <Box component="span" aria-hidden sx={{ display: 'inline-flex', mt: '1px' }}>
        {icon}
      </Box>
      <span>{children}</span>
    </Box>
  );
}

export interface ResultsPanelProps {
  facilityId: string;
  appointmentId: string;
  /** h4 inside the record, h3 on its own in the appointment. */
  headingLevel?: 'h3' | 'h4';
}

/**
 * The patient's results at this facility beside their record: held ones first, each with its reading in words and an
 * icon (not colour alone), its range, the day taken and whether the patient has it. The clinician records a sitting
 * here, and gives this visit's held results to the patient (all, or one) once explained.
 */
export function ResultsPanel({ facilityId, appointmentId, headingLevel = 'h4' }: ResultsPanelProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const headingId = useId();
  const results = useVisitResults(facilityId, appointmentId);
  const record = useRecordResults(facilityId, appointmentId);
  const release = useReleaseResults(facilityId, appointmentId);
  const [adding, setAdding] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  /** What waits for the confirmation: this visit's held results, or one of them. */
  const [releasing, setReleasing] = useState<{ all: true; count: number } | { all: false; result: LabResult } | null>(
    null,
  );
  const [showAll, setShowAll] = useState(false);

  const heading = (
    <Typography id={headingId} variant="subtitle2" component={headingLevel} sx={{ fontWeight: 600 }}>
      {t('results.title')}
    </Typography>
  );
  const notReadyOf = (): ReactNode => {
    if (results.isPending) return <LoadingState label={t('results.loading')} />;
    if (isApiError(results.error, 'record_outside_care'))
      return (
        <Typography variant="body2" color="text.secondary">
          {t('results.outsideCare')}
        </Typography>
      );
    if (results.isError) return <StaffLoadError error={results.error} onRetry={() => void results.refetch()} />;
    return null;
  };
  const notReady = notReadyOf();
  if (notReady !== null)
    return (
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby={headingId}
        sx={{ p: 1.5, display: 'grid', gap: 1 }}
      >
        {heading}
        {notReady}
      </Paper>
    );

  const sittings = sittingsOf(results.data ?? []);
  const heldHere = (results.data ?? []).filter((r) => r.releasedAt === null && r.appointmentId === appointmentId);
  const shown = showAll ? sittings : firstSittings(sittings);

  const save = async (body: RecordResultsBody) => {
    setDone(null);
    await record.mutateAsync(body);
    setAdding(false);
    setDone(t(body.release ? 'results.recordedReleased' : 'results.recordedHeld'));
  };
  const confirmRelease = () => {
    if (!releasing) return;
    setDone(null);
    release.mutate(releasing.all ? undefined : [releasing.result.id], {
      onSuccess: () => {
        setReleasing(null);
        setDone(t('results.releasedDone'));
      },
    });
  };
  const ask = (what: NonNullable<typeof releasing>) => {
    release.reset();
    setReleasing(what);
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 1.5, display: 'grid', gap: 1.5 }}
    >
      <Box>
        {heading}
        <Typography variant="body2" color="text.secondary">
          {t('results.intro')}
        </Typography>
      </Box>
      {done ? (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      ) : null}
      {adding ? null : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => {
              setDone(null);
              setAdding(true);
            }}
          >
            {t('results.record')}
          </Button>
          {heldHere.length > 0 ? (
            <Button
              size="small"
              variant="contained"
              startIcon={<SendIcon />}
              onClick={() => ask({ all: true, count: heldHere.length })}
            >
              {t('results.releaseAll', { count: heldHere.length })}
            </Button>
          ) : null}
        </Box>
      )}
      {adding ? (
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby={`${headingId}-form`}
          sx={{ p: 2, borderColor: 'primary.main' }}
        >
          <Typography
            id={`${headingId}-form`}
            variant="subtitle2"
            component={headingLevel === 'h3' ? 'h4' : 'h5'}
            sx={{ fontWeight: 600, mb: 1 }}
          >
            {t('results.record')}
          </Typography>
          <ResultsEntryForm onSave={save} onCancel={() => setAdding(false)} />
        </Paper>
      ) : null}
      {sittings.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('results.empty')}
        </Typography>
      ) : (
        <Box>
          <Table size="small" aria-labelledby={headingId} sx={{ '& td, & th': { px: 1, verticalAlign: 'top' } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('results.table.test')}</TableCell>
                <TableCell>{t('results.table.value')}</TableCell>
                <TableCell>{t('results.table.flag')}</TableCell>
              </TableRow>
            </TableHead>
            {shown.map((sitting) => (
              <TableBody key={sitting.key}>
                <TableRow>
                  <TableCell
                    component="th"
                    scope="rowgroup"
                    colSpan={3}
                    sx={{
                      bgcolor: sitting.held ? HELD_BACKGROUND : 'grey.100',
                      fontWeight: 600,
                      py: 0.75,
                    }}
                  >
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25 }}>
                      {sitting.held ? (
                        <Labelled icon={<VisibilityOffOutlinedIcon fontSize="small" />} colour="warning.dark">
                          {t('results.held')}
                        </Labelled>
                      ) : (
                        <Labelled icon={<TaskAltIcon fontSize="small" />} colour="success.dark">
                          {t('results.released')}
                        </Labelled>
                      )}
                      <span>{t('results.takenOn', { date: formatBuddhistDate(sitting.takenOn, lang, 'short') })}</span>
                    </Box>
                  </TableCell>
                </TableRow>
                {sitting.results.map((r) => {
                  const name = testName(r.code, lang);
                  const flag = r.flag ?? 'none';
                  return (
                    <TableRow key={r.id}>
                      <TableCell component="th" scope="row" sx={{ fontWeight: 400 }}>
                        {name}
                      </TableCell>
                      <TableCell>
                        <Box component="span" sx={{ fontWeight: flag === 'high' || flag === 'low' ? 700 : 400 }}>
                          {formatResultValue(r.code, r.value, lang)} {unitOf(r.code, r.unit)}
                        </Box>
                        <Typography variant="body2" color="text.secondary">
                          {rangeText(t, r.code, r.low, r.high, lang)}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <Labelled icon={FLAG_ICONS[flag]} colour={FLAG_COLOURS[flag]}>
                          {t(`results.flag.${flag}`)}
                        </Labelled>
                        {sitting.held && r.appointmentId === appointmentId ? (
                          <div>
                            <Button
                              size="small"
                              aria-label={t('results.releaseOneNamed', { name })}
                              onClick={() => ask({ all: false, result: r })}
                              sx={{ ml: -1 }}
                            >
                              {t('results.releaseOne')}
                            </Button>
                          </div>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            ))}
          </Table>
          {shown.length < sittings.length ? (
            <Button size="small" onClick={() => setShowAll(true)} sx={{ mt: 1 }}>
              {t('results.showAll', { count: results.data?.length ?? 0 })}
            </Button>
          ) : null}
        </Box>
      )}
      <ConfirmDialog
        open={releasing !== null}
        title={
          releasing?.all === false
            ? t('results.confirm.oneTitle', { name: testName(releasing.result.code, lang) })
            : t('results.confirm.allTitle', { count: releasing?.count ?? heldHere.length })
        }
        body={t('results.confirm.body')}
        confirmLabel={t('results.confirm.confirm')}
        busy={release.isPending}
        error={release.isError ? staffErrorMessage(t, release.error, lang) : null}
        onConfirm={confirmRelease}
        onClose={() => setReleasing(null)}
      />
    </Paper>
  );
}
