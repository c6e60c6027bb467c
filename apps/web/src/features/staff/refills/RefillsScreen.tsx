import { RefillBox, staffMay, todayInBangkok, type StaffRefill, type StaffRole } from '@klaimor/contracts';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { EmptyState } from '../../../components/EmptyState';
import { FormDialog } from '../../../components/FormDialog';
import { LoadingState } from '../../../components/LoadingState';
import { NoticeSnackbar } from '../../../components/NoticeSnackbar';
import { PageTitle } from '../../../components/PageTitle';
import { appLanguage } from '../../../i18n/language';
import { formatBuddhistDate } from '../../../lib/thai-date';
import { StaffLoadError } from '../shared/StaffLoadError';
import { staffErrorMessage } from '../shared/staff-errors';
import { formatClock } from '../shared/staff-format';
import { WaitingCount } from '../shared/WaitingCount';
import { useStaffTexts } from '../staff.texts';
import { ApproveRefillForm, type RefillStepFormProps } from './ApproveRefillForm';
import { DeclineRefillForm } from './DeclineRefillForm';
import { ParcelSentForm } from './ParcelSentForm';
import { PickupQueueDialog } from './PickupQueueDialog';
import { REFILL_ROW_GRID, RefillRow } from './RefillRow';
import { deliveryWords, firstBox, medicineName, ownBoxes, patientLine } from './refills-format';
import { useMarkRefillReady, useRefills, useWaitingRefills } from './refills.queries';

const BOXES = RefillBox.options;
const COLUMNS = ['patient', 'medicine', 'delivery', 'action'] as const;

/** The steps taken in a form over the list; marking a pickup ready is one click in its row. */
type FormStep = 'approve' | 'decline' | 'sent';
const FORMS: Record<FormStep, (props: RefillStepFormProps) => ReactNode> = {
  approve: ApproveRefillForm,
  decline: DeclineRefillForm,
  sent: ParcelSentForm,
};

export interface RefillsScreenProps {
  facilityId: string;
  roles: readonly StaffRole[];
}

/**
 * The repeat prescriptions patients asked this hospital for ("ขอรับยาต่อ"), in three boxes: waiting for a clinician's
 * decision (a clinician's screen opens here), approved and waiting for the pharmacy (a pharmacist's opens here), and
 * done. A compact list, oldest first, so a busy desk sees many at once and acts on the first without scrolling:
 * clinicians approve (30, 60 or 90 days, or typed) or decline with a reason the patient reads; the pharmacy marks a
 * pickup ready (the hospital's gives the day's queue number, shown large to write on the bag) or records the parcel's
 * tracking number. The box is in the address (`?box=done`).
 */
export function RefillsScreen({ facilityId, roles }: RefillsScreenProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const [params, setParams] = useSearchParams();
  const defaultBox = firstBox(roles);
  const box = RefillBox.safeParse(params.get('box')).data ?? defaultBox;
  const list = useRefills(facilityId, box);
  const waiting = useWaitingRefills(facilityId, ownBoxes(roles));
  const ready = useMarkRefillReady(facilityId);
  const today = todayInBangkok();
  // Kept once closed, so the dialog keeps its title while it fades out.
  const [step, setStep] = useState<{ form: FormStep; refill: StaffRefill; open: boolean } | null>(null);
  const closeStep = () => setStep((current) => current && { ...current, open: false });
  const [queued, setQueued] = useState<StaffRefill | null>(null);
  const [movedOn, setMovedOn] = useState<StaffRefill | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refills = list.data ?? [];

  const showBox = (next: RefillBox) =>
    setParams(
      (current) => {
        const kept = new URLSearchParams(current);
        if (next === defaultBox) kept.delete('box');
        else kept.set('box', next);
        return kept;
      },
      { replace: true },
    );

  const open = (form: FormStep) => (refill: StaffRefill) => {
    setMovedOn(null);
    setFailure(null);
    setStep({ form, refill, open: true });
  };

  /** Someone took a step on the request first: said over the list, which the step's settling asked again. */
  const sayMovedOn = (refill: StaffRefill) => {
    closeStep();
    setMovedOn(refill);
  };

  /** A step taken in its form: the form closes and a line says what the patient is told. */
  const done = (form: FormStep) => (refill: StaffRefill) => {
    closeStep();
    const patient = patientLine(t, refill.patient);
    switch (form) {
      case 'approve':
        setNotice(
          t('refills.approve.done', {
            patient,
            date: refill.suppliedUntil ? formatBuddhistDate(refill.suppliedUntil, lang, 'short') : '',
          }),
        );
        break;
      case 'decline':
        setNotice(t('refills.decline.done', { patient }));
        break;
      case 'sent':
        setNotice(t('refills.sent.done', { patient, number: refill.trackingNumber ?? '' }));
    }
  };

  const markReady = async (refill: StaffRefill) => {
    setMovedOn(null);
    setFailure(null);
    try {
      const marked = await ready.mutateAsync(refill.id);
      // The hospital's pharmacy gives the day's queue number; a nearby pharmacy hands it over without one.
      if (marked.pickupQueueNumber !== null) setQueued(marked);
      else
        setNotice(
          t('refills.ready.done', { patient: patientLine(t, marked.patient), place: deliveryWords(t, marked, lang) }),
        );
    } catch (error) {
      if (isApiError(error, 'refill_moved_on')) setMovedOn(refill);
      else setFailure(staffErrorMessage(t, error, lang));
    }
  };

  let body;
  if (list.isPending) {
    body = <LoadingState label={t('refills.loading')} />;
  } else if (list.isError && !list.data) {
    body = <StaffLoadError error={list.error} onRetry={() => void list.refetch()} />;
  } else if (refills.length === 0) {
    body = <EmptyState icon={<TaskAltIcon />} title={t(`refills.empty.${box}`)} description={t('refills.emptyBody')} />;
  } else {
    body = (
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box
          aria-hidden
          sx={{
            ...REFILL_ROW_GRID,
            display: { xs: 'none', md: 'grid' },
            gridTemplateAreas: { md: `"${COLUMNS.join(' ')}"` },
            px: 2,
            py: 0.75,
            borderLeft: 4,
            borderLeftColor: 'transparent',
            bgcolor: 'background.default',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {COLUMNS.map((column) => (
            <Typography key={column} variant="body2" color="text.secondary" sx={{ gridArea: column, fontWeight: 600 }}>
              {t(`refills.columns.${column}`)}
            </Typography>
          ))}
        </Box>
        <Box component="ul" aria-label={t('refills.listLabel')} sx={{ m: 0, p: 0 }}>
          {refills.map((refill) => (
            <RefillRow
              key={refill.id}
              refill={refill}
              lang={lang}
              today={today}
              canDecide={staffMay(roles, 'refillDecision')}
              canDispense={staffMay(roles, 'dispensing')}
              onApprove={open('approve')}
              onDecline={open('decline')}
              onSent={open('sent')}
              onReady={(r) => void markReady(r)}
              readying={ready.isPending ? (ready.variables ?? null) : null}
            />
          ))}
        </Box>
      </Paper>
    );
  }

  const Form = step ? FORMS[step.form] : null;

  return (
    <Stack spacing={1.5}>
      {/* The title and the boxes share a line from a tablet on: one more request above the fold. */}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-end',
          columnGap: 4,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Box sx={{ pb: 1 }}>
          <PageTitle>{t('refills.title')}</PageTitle>
        </Box>
        <Tabs
          value={box}
          onChange={(_, next: RefillBox) => showBox(next)}
          aria-label={t('refills.boxesLabel')}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{ minWidth: 0, maxWidth: '100%' }}
        >
          {BOXES.map((b) => (
            <Tab
              key={b}
              value={b}
              id={`refill-box-tab-${b}`}
              aria-controls="refill-box-panel"
              label={
                <WaitingCount
                  label={t(`refills.boxes.${b}`)}
                  count={waiting[b]}
                  spoken={(count) => t('refills.waitingCount', { count })}
                />
              }
              sx={{ minHeight: 48, '&.Mui-selected': { color: 'text.primary', fontWeight: 600 } }}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id="refill-box-panel" aria-labelledby={`refill-box-tab-${box}`}>
        <Stack spacing={1}>
          {movedOn ? (
            <Alert severity="warning" onClose={() => setMovedOn(null)}>
              {t('refills.movedOn', { patient: patientLine(t, movedOn.patient), medicine: medicineName(movedOn) })}
            </Alert>
          ) : null}
          {failure ? (
            <Alert severity="error" onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          ) : null}
          {list.isError && list.data ? <Alert severity="warning">{t('refills.refreshFailed')}</Alert> : null}
          {body}
          <Typography variant="body2" color="text.secondary">
            {t(box === 'done' ? 'refills.order.done' : 'refills.order.waiting')}
            {list.dataUpdatedAt > 0
              ? ` · ${t('refills.autoRefresh', { time: formatClock(new Date(list.dataUpdatedAt).toISOString()) })}`
              : null}
          </Typography>
        </Stack>
      </Box>
      <FormDialog open={step?.open ?? false} title={step ? t(`refills.${step.form}.title`) : ''} onClose={closeStep}>
        {step && Form ? (
          <Form
            key={step.refill.id}
            facilityId={facilityId}
            refill={step.refill}
            today={today}
            onDone={done(step.form)}
            onMovedOn={sayMovedOn}
            onCancel={closeStep}
          />
        ) : null}
      </FormDialog>
      <PickupQueueDialog refill={queued} onClose={() => setQueued(null)} />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
