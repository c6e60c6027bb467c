import { formatThaiPhone, staffMay, todayInBangkok, type DayListEntry, type StaffRole } from '@klaimor/contracts';
import CampaignIcon from '@mui/icons-material/Campaign';
import CloseIcon from '@mui/icons-material/Close';
import FolderSharedIcon from '@mui/icons-material/FolderShared';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import NoteAltIcon from '@mui/icons-material/NoteAlt';
import PaymentsIcon from '@mui/icons-material/Payments';
import PrintIcon from '@mui/icons-material/Print';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DetailList } from '../../../components/DetailList';
import { FormDialog } from '../../../components/FormDialog';
import { appLanguage } from '../../../i18n/language';
import { clinicName } from '../shared/clinics.queries';
import { staffErrorMessage } from '../shared/staff-errors';
import {
  bangkokDateOf,
  formatClock,
  formatDateWithWeekday,
  formatMoney,
  formatSlotTime,
  redFlagName,
} from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';
import { VisitBesideRecord } from './VisitBesideRecord';
import { MoveAppointmentForm } from './MoveAppointmentForm';
import { PatientRecordView } from './PatientRecordView';
import { QueueTicketDialog } from './QueueTicket';
import { RegistrationPanel } from './RegistrationPanel';
import { ResultsPanel } from './ResultsPanel';
import { StaffCancelDialog } from './StaffCancelDialog';
import { depositText, slotHasEnded, statusColor } from './day-format';
import { useAppointmentAction, type AppointmentAction } from './day.queries';

const CANCELLABLE = new Set<DayListEntry['status']>(['awaiting_deposit', 'booked', 'checked_in']);
/** Where a clinician is offered the record: the server opens it in care, and otherwise asks for a reason. */
const RECORD_OPENS = new Set<DayListEntry['status']>(['booked', 'checked_in', 'in_consultation', 'completed']);
/** Where the desk may need to register the patient in the hospital's own system: a booking that stands or was seen. */
const REGISTERS = RECORD_OPENS;

export interface AppointmentDialogProps {
  facilityId: string;
  /** In the member's language, for the queue ticket. */
  facilityName: string;
  entry: DayListEntry;
  roles: readonly StaffRole[];
  onClose: () => void;
}

/**
 * One appointment of the day, with what the member's roles may do next: the front desk checks the patient in
 * (their queue number shown big), records a no-show once the slot is over (the deposit kept) or cancels with a
 * reason (the deposit refunded); a clinician calls the patient in, opens their record and records the visit.
 */
export function AppointmentDialog({ facilityId, facilityName, entry, roles, onClose }: AppointmentDialogProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const action = useAppointmentAction(facilityId, entry.id);
  const [done, setDone] = useState<string | null>(null);
  const [asking, setAsking] = useState<'no-show' | 'cancel' | 'visit' | 'ticket' | 'move' | null>(null);
  const [recordOpen, setRecordOpen] = useState(false);
  const [resultsOpen, setResultsOpen] = useState(false);

  const frontDesk = staffMay(roles, 'frontDesk');
  const clinician = staffMay(roles, 'consultation');
  const name = entry.patient?.name ?? t('day.patientDeleted');
  const onItsDay = bangkokDateOf(entry.start) === todayInBangkok();
  const ended = slotHasEnded(entry);
  const amount = formatMoney(t, entry.deposit.amount, lang);

  const run = async (next: AppointmentAction, notice: (moved: DayListEntry) => string) => {
    setDone(null);
    // Only the confirmation this action came from closes: a form opened while it was on its way stays open.
    const from = asking;
    try {
      const moved = await action.mutateAsync(next);
      setDone(notice(moved));
      setAsking((current) => (current === from ? null : current));
    } catch {
      // The error is shown from the mutation's state.
    }
  };
  const actionError = action.isError ? staffErrorMessage(t, action.error, lang) : null;
  const ask = (what: typeof asking) => {
    action.reset();
    setDone(null);
    setAsking(what);
  };
  /** For the forms, which show their own errors: the reply, or the error thrown to them. */
  const submit = async (next: AppointmentAction, notice: string) => {
    await action.mutateAsync(next);
    setDone(notice);
    setAsking(null);
  };

  const buttons = [];
  if (frontDesk && entry.status === 'booked' && onItsDay) {
    buttons.push(
      <Button
        key="check-in"
        variant="contained"
        size="large"
        startIcon={<HowToRegIcon />}
        loading={action.isPending && action.variables.kind === 'check-in'}
        onClick={() =>
          void run({ kind: 'check-in' }, (moved) =>
            t('appointment.checkedIn', { name, number: moved.queue?.label ?? '' }),
          )
        }
      >
        {t('appointment.checkIn')}
      </Button>,
    );
  }
  if (clinician && entry.status === 'checked_in') {
    buttons.push(
      <Button
        key="call-in"
        variant="contained"
        size="large"
        startIcon={<CampaignIcon />}
        loading={action.isPending && action.variables.kind === 'start-consultation'}
        onClick={() => void run({ kind: 'start-consultation' }, () => t('appointment.calledIn', { name }))}
      >
        {t('appointment.callIn')}
      </Button>,
    );
  }
  if (clinician && (entry.status === 'checked_in' || entry.status === 'in_consultation')) {
    buttons.push(
      <Button
        key="visit"
        variant={entry.status === 'in_consultation' ? 'contained' : 'outlined'}
        size="large"
        startIcon={<NoteAltIcon />}
        onClick={() => ask('visit')}
      >
        {t('appointment.complete')}
      </Button>,
    );
  }
  if (frontDesk && entry.queue) {
    buttons.push(
      <Button key="ticket" variant="outlined" startIcon={<PrintIcon />} onClick={() => ask('ticket')}>
        {t('ticket.open')}
      </Button>,
    );
  }
  if (frontDesk && entry.status === 'booked') {
    buttons.push(
      <Button key="move" variant="outlined" startIcon={<EventRepeatIcon />} onClick={() => ask('move')}>
        {t('move.open')}
      </Button>,
    );
  }
  if (frontDesk && entry.status === 'booked') {
    buttons.push(
      <Button key="no-show" variant="outlined" color="warning" disabled={!ended} onClick={() => ask('no-show')}>
        {t('appointment.noShow')}
      </Button>,
    );
  }
  const cashToReturn = entry.deposit.state === 'refund_pending' && entry.deposit.atDesk === 'paid';
  if (frontDesk && cashToReturn) {
    buttons.push(
      <Button
        key="deposit-returned"
        variant="contained"
        startIcon={<PaymentsIcon />}
        loading={action.isPending && action.variables.kind === 'deposit-returned'}
        onClick={() => void run({ kind: 'deposit-returned' }, () => t('appointment.depositReturnedDone', { name }))}
      >
        {t('appointment.depositReturned')}
      </Button>,
    );
  }
  if (frontDesk && CANCELLABLE.has(entry.status)) {
    buttons.push(
      <Button key="cancel" variant="outlined" color="error" onClick={() => ask('cancel')}>
        {t('appointment.cancel')}
      </Button>,
    );
  }

  const hints = [];
  if (frontDesk && entry.status === 'awaiting_deposit') hints.push(t('appointment.awaitingDeposit'));
  if (frontDesk && cashToReturn) hints.push(t('appointment.depositToReturn', { amount }));
  if (frontDesk && entry.status === 'booked' && !onItsDay) hints.push(t('appointment.notToday'));
  if (frontDesk && entry.status === 'booked' && !ended)
    hints.push(t('appointment.noShowLater', { time: formatClock(entry.end) }));

  const details = [
    {
      label: t('appointment.time'),
      value: `${formatDateWithWeekday(t, bangkokDateOf(entry.start), lang)} ${formatSlotTime(t, entry)}`,
    },
    { label: t('appointment.reference'), value: entry.reference },
    ...(entry.patient
      ? [
          { label: t('appointment.age'), value: t('day.age', { count: entry.patient.age }) },
          ...(entry.patient.hospitalNumber
            ? [{ label: t('registration.hn'), value: entry.patient.hospitalNumber }]
            : []),
          ...(entry.patient.phone
            ? [{ label: t('appointment.phone'), value: formatThaiPhone(entry.patient.phone) }]
            : []),
        ]
      : []),
    { label: t('appointment.symptoms'), value: entry.symptoms },
    ...(entry.duration ? [{ label: t('appointment.duration'), value: entry.duration }] : []),
    { label: t('appointment.clinic'), value: clinicName(entry.clinic, lang) },
    { label: t('appointment.clinician'), value: entry.clinician },
    { label: t('appointment.deposit'), value: depositText(t, entry.deposit, lang) },
  ];

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullScreen={phone} fullWidth maxWidth="sm">
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {entry.patient
          ? t('appointment.title', { name })
          : t('appointment.titleNoPatient', { reference: entry.reference })}
        <IconButton
          aria-label={t('appointment.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
            {entry.queue ? (
              <Box
                role="status"
                sx={{
                  px: 2.5,
                  py: 1,
                  borderRadius: 3,
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  textAlign: 'center',
                  minWidth: 120,
                }}
              >
                <Typography sx={{ fontWeight: 500 }}>{t('appointment.queueBig')}</Typography>
                <Typography component="p" sx={{ fontSize: '3rem', fontWeight: 700, lineHeight: 1.1 }}>
                  {entry.queue.label}
                </Typography>
                {entry.status === 'checked_in' ? (
                  <Typography variant="body2">
                    {entry.queue.ahead > 0
                      ? t('appointment.queueAhead', { count: entry.queue.ahead })
                      : t('appointment.queueNext')}
                  </Typography>
                ) : null}
              </Box>
            ) : null}
            <Chip color={statusColor(entry.status)} label={t(`status.${entry.status}`)} />
          </Box>
          {entry.redFlags.length > 0 ? (
            <Alert severity="error" variant="filled">
              <AlertTitle>{t('appointment.redFlagsTitle')}</AlertTitle>
              {entry.redFlags.map((id) => redFlagName(t, id)).join(', ')}
            </Alert>
          ) : null}
          {entry.cancellation ? (
            <Alert severity="info">
              {entry.cancellation.by === 'hospital'
                ? t('appointment.cancelledByHospital', { reason: entry.cancellation.reason ?? '' })
                : t('appointment.cancelledByPatient')}
            </Alert>
          ) : null}
          <DetailList rows={details} />
          <Box component="section" aria-labelledby={`${titleId}-actions`}>
            <Typography id={`${titleId}-actions`} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              {t('appointment.actions')}
            </Typography>
            <Stack spacing={1.5}>
              {done ? (
                <Alert severity="success" role="status">
                  {done}
                </Alert>
              ) : null}
              {actionError && asking === null ? <Alert severity="error">{actionError}</Alert> : null}
              {buttons.length > 0 ? (
                <Box
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    gap: 1.5,
                    '& > *': { flex: { xs: '1 1 100%', sm: '0 0 auto' } },
                  }}
                >
                  {buttons}
                </Box>
              ) : clinician && RECORD_OPENS.has(entry.status) ? null : (
                <Typography color="text.secondary">{t('appointment.noActions')}</Typography>
              )}
              {hints.map((hint) => (
                <Typography key={hint} variant="body2" color="text.secondary">
                  {hint}
                </Typography>
              ))}
            </Stack>
          </Box>
          {frontDesk && entry.patient && REGISTERS.has(entry.status) ? (
            <RegistrationPanel facilityId={facilityId} appointmentId={entry.id} />
          ) : null}
          {clinician && entry.patient && RECORD_OPENS.has(entry.status) ? (
            <Box component="section" aria-label={t('record.title')}>
              {recordOpen ? (
                <PatientRecordView
                  facilityId={facilityId}
                  appointmentId={entry.id}
                  onHide={() => setRecordOpen(false)}
                />
              ) : (
                <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <Button variant="outlined" startIcon={<FolderSharedIcon />} onClick={() => setRecordOpen(true)}>
                    {t('appointment.openRecord')}
                  </Button>
                  <Typography variant="body2" color="text.secondary">
                    {t('appointment.recordNotice')}
                  </Typography>
                </Stack>
              )}
            </Box>
          ) : null}
          {/* A visit seen on an earlier day is out of care, but the lab comes back later: its results are still here. */}
          {clinician && entry.patient && entry.status === 'completed' && !onItsDay ? (
            resultsOpen ? (
              <ResultsPanel facilityId={facilityId} appointmentId={entry.id} headingLevel="h3" />
            ) : (
              <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Button variant="outlined" startIcon={<ScienceOutlinedIcon />} onClick={() => setResultsOpen(true)}>
                  {t('results.later.open')}
                </Button>
                <Typography variant="body2" color="text.secondary">
                  {t('results.later.hint')}
                </Typography>
              </Stack>
            )
          ) : null}
        </Stack>
      </DialogContent>
      <ConfirmDialog
        open={asking === 'no-show'}
        title={t('appointment.noShowConfirm.title', { name })}
        body={
          entry.deposit.state === 'paid'
            ? t('appointment.noShowConfirm.body', { amount })
            : t('appointment.noShowConfirm.bodyNoDeposit')
        }
        confirmLabel={t('appointment.noShowConfirm.confirm')}
        destructive
        busy={action.isPending}
        error={asking === 'no-show' ? actionError : null}
        onConfirm={() => void run({ kind: 'no-show' }, () => t('appointment.noShowDone', { name }))}
        onClose={() => setAsking(null)}
      />
      <StaffCancelDialog
        open={asking === 'cancel'}
        name={name}
        refund={entry.deposit.state === 'paid' ? amount : null}
        onSubmit={(body) => submit({ kind: 'cancel', body }, t('appointment.cancelled', { name }))}
        onClose={() => setAsking(null)}
      />
      {entry.queue ? (
        <QueueTicketDialog
          open={asking === 'ticket'}
          onClose={() => setAsking(null)}
          entry={{ ...entry, queue: entry.queue }}
          facilityName={facilityName}
        />
      ) : null}
      <FormDialog open={asking === 'move'} title={t('move.title', { name })} onClose={() => setAsking(null)}>
        <MoveAppointmentForm
          facilityId={facilityId}
          entry={entry}
          onSubmit={(body) => submit({ kind: 'move', body }, t('move.done', { name }))}
          onCancel={() => setAsking(null)}
        />
      </FormDialog>
      <FormDialog wide open={asking === 'visit'} title={t('visit.title', { name })} onClose={() => setAsking(null)}>
        <VisitBesideRecord
          facilityId={facilityId}
          appointmentId={entry.id}
          onSubmit={(body) => submit({ kind: 'complete', body }, t('appointment.completed', { name }))}
          onCancel={() => setAsking(null)}
        />
      </FormDialog>
    </Dialog>
  );
}
