import type { Visit } from '@klaimor/contracts';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { YearMonth } from '@klaimor/contracts';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageTitle } from '../../components/PageTitle';
import { useRecordEditor, usualRecordTexts } from '../../components/use-record-editor';
import { apiErrorMessage } from '../../lib/error-messages';
import { formatBuddhistDate } from '../../lib/thai-date';
import { VisitDetails, VisitIcon, useVisitDateLabel } from './VisitEntry';
import { VisitForm } from './VisitForm';
import { formatBuddhistMonth, visitPlace } from './visits-format';
import { writtenLanguage } from '../../lib/written-language';
import { useRemoveVisit, useVisitMonths, useVisits } from './visits.queries';
import { useVisitsTexts } from './visits.texts';
import { PersonGate } from '../../session/PersonGate';
import { appLanguage } from '../../i18n/language';
import { useWhoseHeading } from '../../session/use-whose-heading';

const ALL = 'all';

const visitAnchor = (id: string) => `visit-${id}`;

/**
 * /history: the visits as a vertical stepper, newest first, narrowed to one month by the period picker. A link to one
 * visit (`?visit=<id>`: a recorded visit's notice, a completed appointment) shows everything and brings it into view,
 * marked.
 */
export function VisitsPage() {
  return (
    <PersonGate area="records">
      <VisitsScreen />
    </PersonGate>
  );
}

function VisitsScreen() {
  const { t, i18n } = useVisitsTexts();
  const whose = useWhoseHeading();
  const lang = appLanguage(i18n);
  const [params, setParams] = useSearchParams();
  const asked = params.get('month');
  const month = asked !== null && YearMonth.safeParse(asked).success ? asked : null;
  const months = useVisitMonths();
  const visits = useVisits(month);
  const dateLabel = useVisitDateLabel();
  const editor = useRecordEditor<Visit>({
    texts: usualRecordTexts(
      (key) => t(key),
      (visit) => t('confirmRemove.title', { date: formatBuddhistDate(visit.date, lang, 'short') }),
    ),
    remove: useRemoveVisit(),
    errorMessage: (error) => apiErrorMessage(t, error),
    form: (visit, done) => <VisitForm visit={visit} {...done} />,
  });

  const chooseMonth = (value: string) =>
    setParams(value === ALL ? {} : { month: value }, { replace: true, preventScrollReset: true });

  // The chosen month stays offered even when it has no visits (left from a link, or just emptied).
  const options = months.data ?? [];
  const offered = month && !options.some((m) => m.month === month) ? [{ month, visits: 0 }, ...options] : options;

  const list = visits.data ?? [];
  const pointed = params.get('visit');
  const found = list.some((visit) => visit.id === pointed);
  useEffect(() => {
    if (found && pointed) document.getElementById(visitAnchor(pointed))?.scrollIntoView({ block: 'start' });
  }, [found, pointed]);

  return (
    <Stack spacing={2.5}>
      <PageTitle subtitle={whose(t, 'subtitle')}>{whose(t, 'title')}</PageTitle>
      <TextField
        select
        id="visits-period"
        label={t('period')}
        value={month ?? ALL}
        onChange={(e) => chooseMonth(e.target.value)}
        disabled={months.isPending && month === null}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value={ALL}>{t('all')}</option>
        {offered.map((m) => (
          <option key={m.month} value={m.month}>
            {formatBuddhistMonth(m.month, lang)}
          </option>
        ))}
      </TextField>
      {months.isError ? <ErrorState onRetry={() => void months.refetch()} /> : null}
      {visits.isPending ? (
        <LoadingState label={t('loading')} />
      ) : visits.isError ? (
        <ErrorState onRetry={() => void visits.refetch()} />
      ) : list.length === 0 ? (
        month ? (
          <EmptyState
            icon={<HistoryIcon />}
            title={t('empty.monthTitle', { month: formatBuddhistMonth(month, lang) })}
            action={
              <Button variant="outlined" onClick={() => chooseMonth(ALL)}>
                {t('empty.showAll')}
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<HistoryIcon />}
            title={t('empty.title')}
            description={t('empty.body')}
            action={editor.addButton}
          />
        )
      ) : (
        <>
          <Box
            aria-label={t('listLabel')}
            aria-busy={visits.isPlaceholderData}
            role="region"
            sx={{ opacity: visits.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}
          >
            <Stepper orientation="vertical" nonLinear activeStep={-1} component="ol" sx={{ p: 0, m: 0 }}>
              {list.map((visit) => (
                <Step
                  key={`${visit.source}-${visit.id}`}
                  id={visitAnchor(visit.id)}
                  aria-current={visit.id === pointed ? 'true' : undefined}
                  expanded
                  completed={false}
                  component="li"
                  sx={{
                    listStyle: 'none',
                    scrollMarginTop: 72,
                    ...(visit.id === pointed && {
                      outline: '2px solid',
                      outlineColor: 'primary.main',
                      borderRadius: 2,
                      p: 1,
                    }),
                  }}
                >
                  <StepLabel
                    icon={<VisitIcon source={visit.source} />}
                    optional={
                      <Typography
                        variant="body2"
                        lang={writtenLanguage(visitPlace(visit, lang))}
                        sx={{ fontWeight: 500 }}
                      >
                        {visitPlace(visit, lang)}
                      </Typography>
                    }
                  >
                    <Typography component="h2" variant="body2" color="text.secondary">
                      {dateLabel(visit)}
                    </Typography>
                  </StepLabel>
                  <StepContent>
                    <VisitDetails
                      visit={visit}
                      onEdit={() => editor.edit(visit)}
                      onRemove={() => editor.askRemove(visit)}
                    />
                  </StepContent>
                </Step>
              ))}
            </Stepper>
          </Box>
          {editor.addButton}
        </>
      )}
      {editor.dialogs}
    </Stack>
  );
}
