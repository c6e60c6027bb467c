import { CARE_ACCESS, IsoDate, addDays, careAllows, todayInBangkok, type Medication } from '@klaimor/contracts';
import AlarmIcon from '@mui/icons-material/Alarm';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import MedicationIcon from '@mui/icons-material/Medication';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageTitle } from '../../components/PageTitle';
import { useRecordEditor } from '../../components/use-record-editor';
import { apiErrorMessage } from '../../lib/error-messages';
import { formatBuddhistDate } from '../../lib/thai-date';
import { AdherenceChart } from './AdherenceChart';
import { AsNeededSection } from './AsNeededSection';
import { DoseChecklist } from './DoseChecklist';
import { MedicationCard } from './MedicationList';
import { MedicationForm } from './MedicationForm';
import { formatDay, medicineName } from './medications-format';
import {
  useChecklist,
  useMedications,
  useQueuedTicks,
  useRefillRequests,
  useStopMedication,
} from './medications.queries';
import { withQueuedTicks } from './dose-outbox';
import { useMedicationsTexts } from './medications.texts';
import { PersonGate } from '../../session/PersonGate';
import { useCareAllows, useSelectedPerson } from '../../session/use-selected-person';
import { appLanguage } from '../../i18n/language';
import { useWhoseHeading } from '../../session/use-whose-heading';

/** The day in the address (?date=YYYY-MM-DD) when it is a real day up to today; today otherwise. */
function dayOf(asked: string | null, today: string): string {
  return asked !== null && IsoDate.safeParse(asked).success && asked <= today ? asked : today;
}

/** /todo: the day's doses to tick, how well the last weeks went, and the medication list itself. */
export function TodoPage() {
  return (
    <PersonGate area="medicines">
      <TodoScreen />
    </PersonGate>
  );
}

function TodoScreen() {
  const { t, i18n } = useMedicationsTexts();
  const whose = useWhoseHeading();
  const lang = appLanguage(i18n);
  const [params, setParams] = useSearchParams();
  const today = todayInBangkok();
  const date = dayOf(params.get('date'), today);
  const isToday = date === today;
  const checklist = useChecklist(date);
  const medications = useMedications();
  const hasRefillRequests = (useRefillRequests().data?.length ?? 0) > 0;
  const outbox = useQueuedTicks();
  const canChange = useCareAllows('changeMedicines');
  const recordsReadings = useCareAllows('homeReadings');
  const link = useSelectedPerson().person?.link;
  // Reminder times are kept by whoever hears the reminders: the patient, for themselves or for a child they hold.
  const keepsReminderTimes =
    !link || careAllows({ scopes: link.scopes, holds: link.person.youHold }, CARE_ACCESS.notifications.change);
  const editor = useRecordEditor<Medication>({
    texts: {
      add: t('list.add'),
      editTitle: t('list.editTitle'),
      saved: t('list.saved'),
      removed: t('list.stopped'),
      removeLabel: t('list.stop'),
      removeTitle: (medication) => t('confirmStop.title', { name: medicineName(medication) }),
      removeBody: t('confirmStop.body'),
    },
    remove: useStopMedication(),
    errorMessage: (error) => apiErrorMessage(t, error),
    form: (medication, done) => <MedicationForm medication={medication} {...done} />,
  });

  const goTo = (day: string) =>
    setParams(day === today ? {} : { date: day }, { replace: true, preventScrollReset: true });

  // The ticks kept on the device and not sent yet are drawn over the server's last answer.
  const day = checklist.data && withQueuedTicks(checklist.data, outbox);

  return (
    <Stack spacing={2.5}>
      <PageTitle subtitle={formatDay(date, lang)}>{whose(t, 'title')}</PageTitle>
      {keepsReminderTimes ? (
        <Box>
          <Button
            component={Link}
            to="/settings/notifications"
            variant="outlined"
            startIcon={<AlarmIcon />}
            sx={{ minHeight: 44 }}
          >
            {t('reminderTimes')}
          </Button>
        </Box>
      ) : null}
      {recordsReadings ? (
        <Button
          component={Link}
          to="/readings/new"
          variant="outlined"
          size="large"
          startIcon={<MonitorHeartIcon />}
          sx={{ minHeight: 52, borderWidth: 2, justifyContent: 'flex-start', textAlign: 'start' }}
        >
          {t('readingsShortcut')}
        </Button>
      ) : null}
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <IconButton aria-label={t('checklist.previousDay')} onClick={() => goTo(addDays(date, -1))}>
          <ChevronLeftIcon />
        </IconButton>
        <Box sx={{ textAlign: 'center' }}>
          <Typography component="p" sx={{ fontWeight: 600 }} aria-live="polite">
            {isToday ? t('checklist.today') : formatBuddhistDate(date, lang, 'short')}
          </Typography>
          {isToday ? null : (
            <Button size="small" onClick={() => goTo(today)} sx={{ minHeight: 32 }}>
              {t('checklist.backToToday')}
            </Button>
          )}
        </Box>
        <IconButton aria-label={t('checklist.nextDay')} onClick={() => goTo(addDays(date, 1))} disabled={isToday}>
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      {isToday ? null : (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('checklist.pastDay')}
        </Typography>
      )}
      {/* A day read before stays on screen when reading it again fails (offline: the copy from the last sync). */}
      {checklist.isPending ? (
        <LoadingState label={t('loading')} />
      ) : !day ? (
        <ErrorState onRetry={() => void checklist.refetch()} />
      ) : day.doses.length === 0 && day.asNeeded.length === 0 ? (
        <EmptyState
          icon={<MedicationIcon />}
          title={isToday ? t('checklist.emptyTitle') : t('checklist.emptyPastTitle')}
          description={t('checklist.emptyBody')}
        />
      ) : day.doses.length === 0 ? (
        <Typography color="text.secondary">
          {isToday ? t('checklist.noneAtTimes') : t('checklist.noneAtTimesPast')}
        </Typography>
      ) : (
        <Box component="section" aria-label={t('checklist.panelsLabel')}>
          <Typography
            aria-live="polite"
            sx={{ fontWeight: 500 }}
            color={day.taken === day.due ? 'success.dark' : 'text.primary'}
          >
            {day.taken === day.due
              ? t('checklist.allDone')
              : t('checklist.progress', { taken: day.taken, due: day.due })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={day.due === 0 ? 0 : (day.taken / day.due) * 100}
            color={day.taken === day.due ? 'success' : 'primary'}
            aria-hidden
            sx={{ height: 8, borderRadius: 4, mt: 0.75, mb: 2 }}
          />
          <DoseChecklist key={date} checklist={day} readOnly={!canChange} />
        </Box>
      )}
      {/* Apart from the doses due: never counted in them, never missed. */}
      {day && day.asNeeded.length > 0 ? (
        <AsNeededSection date={day.date} medicines={day.asNeeded} isToday={isToday} readOnly={!canChange} />
      ) : null}
      <AdherenceChart />
      <Box component="section" aria-labelledby="medication-list-heading">
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1.5 }}
        >
          <Typography id="medication-list-heading" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
            {whose(t, 'list.title')}
          </Typography>
          {hasRefillRequests ? (
            <Button component={Link} to="/refills" variant="outlined" startIcon={<ReceiptLongIcon />}>
              {t('refill.requests')}
            </Button>
          ) : null}
        </Stack>
        {medications.isPending ? (
          <LoadingState />
        ) : medications.data === undefined ? (
          <ErrorState onRetry={() => void medications.refetch()} />
        ) : medications.data.length === 0 ? (
          <EmptyState
            icon={<MedicationIcon />}
            title={t('list.emptyTitle')}
            action={canChange ? editor.addButton : undefined}
          />
        ) : (
          <Stack spacing={1.5}>
            {medications.data.map((medication) => (
              <MedicationCard
                key={medication.id}
                medication={medication}
                onEdit={() => editor.edit(medication)}
                onStop={() => editor.askRemove(medication)}
                readOnly={!canChange}
              />
            ))}
            {canChange ? editor.addButton : null}
          </Stack>
        )}
      </Box>
      {editor.dialogs}
    </Stack>
  );
}
