import type { Hospital } from '@klaimor/contracts';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { apiErrorMessage } from '../../lib/error-messages';
import { useCurrentUser } from '../../session/current-user';
import type { ReturnToState } from '../auth/return-to';
import { AppointmentStatusStep } from './AppointmentStatusStep';
import {
  clearDraft,
  loadDraft,
  newIdempotencyKey,
  saveDraft,
  withLinkedSlot,
  type BookingDraft,
  type BookingStep,
} from './booking-draft';
import { useAppointment } from '../../session/appointment-queries';
import { bookingKeys, useBookAppointment } from './booking.queries';
import { DepositStep } from './DepositStep';
import { HospitalSummary } from './HospitalSummary';
import { ActionBar } from './StickyAction';
import { SymptomsStep } from './SymptomsStep';
import { useBookingTexts } from './booking.texts';
import { BookingFor } from '../../session/BookingFor';
import { PersonGate } from '../../session/PersonGate';

export interface BookingCardProps {
  hospital: Hospital;
  /** From the patient's position; null when it is not known. */
  distanceM: number | null;
  onClose: () => void;
}

/** The bottom card of the map: facility, symptoms and slot, deposit, confirmation. */
export function BookingCard({ hospital, distanceM, onClose }: BookingCardProps) {
  const { t, i18n } = useBookingTexts();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const book = useBookAppointment();
  const [params] = useSearchParams();
  const [draft, setDraft] = useState<BookingDraft>(() => withLinkedSlot(loadDraft(hospital.id), params.get('slot')));
  const [submitError, setSubmitError] = useState<string | null>(null);
  // Asked again every 2 s while the deposit is awaited: a payment made in the banking app (the provider's webhook) or the
  // demo's simulated one moves the card on without a tap.
  const appointment = useAppointment(draft.appointmentId, draft.appointmentId !== null);
  const [actionBar, setActionBar] = useState<HTMLElement | null>(null);

  const update = useCallback(
    (patch: Partial<BookingDraft>) =>
      setDraft((current) => {
        const next = { ...current, ...patch };
        saveDraft(hospital.id, next);
        return next;
      }),
    [hospital.id],
  );

  const toLogin = (step: BookingStep) => {
    update({ step });
    const state: ReturnToState = {
      returnTo: `${location.pathname}${location.search}`,
      booking: { nameTh: hospital.nameTh, nameEn: hospital.nameEn },
    };
    void navigate('/login', { state });
  };

  const chooseAgain = () => {
    setSubmitError(null);
    update({ step: 'symptoms', slotId: null, appointmentId: null, idempotencyKey: newIdempotencyKey() });
    void queryClient.invalidateQueries({ queryKey: bookingKeys.slots(hospital.id) });
  };

  const submit = (slotId: string) => {
    if (!me.data) return toLogin('symptoms');
    setSubmitError(null);
    book.mutate(
      {
        body: { hospitalId: hospital.id, slotId, symptoms: draft.symptoms.trim(), duration: draft.duration.trim() },
        idempotencyKey: draft.idempotencyKey,
      },
      {
        onSuccess: (booked) => update({ step: 'deposit', slotId, appointmentId: booked.id }),
        onError: (error) => {
          if (isApiError(error, 'unauthenticated')) return toLogin('symptoms');
          if (isApiError(error, 'slot_full')) {
            setSubmitError(t('slotFull'));
            update({ slotId: null, idempotencyKey: newIdempotencyKey() });
            void queryClient.invalidateQueries({ queryKey: bookingKeys.slots(hospital.id) });
            return;
          }
          setSubmitError(apiErrorMessage(t, error));
        },
      },
    );
  };

  // Past the symptoms, the appointment itself says where the booking stands: the pay step until the deposit has
  // arrived (whatever was tapped meanwhile), then its outcome.
  let step: BookingStep;
  if (draft.step === 'hospital') step = 'hospital';
  else if (draft.step === 'symptoms' || draft.appointmentId === null) step = 'symptoms';
  else step = appointment.data && appointment.data.status !== 'awaiting_deposit' ? 'status' : 'deposit';

  const close = () => {
    if (step === 'status') clearDraft(hospital.id);
    onClose();
  };

  const name = i18n.language === 'en' ? hospital.nameEn : hospital.nameTh;
  const stepNumber = { hospital: 1, symptoms: 2, deposit: 3, status: 4 }[step];

  let body: ReactNode;
  if (step === 'hospital') {
    body = (
      <HospitalSummary hospital={hospital} distanceM={distanceM} onEnterSymptoms={() => update({ step: 'symptoms' })} />
    );
  } else if (step === 'symptoms') {
    body = (
      <SymptomsStep
        hospitalId={hospital.id}
        draft={draft}
        onChange={update}
        onSubmit={submit}
        signedIn={me.data != null}
        submitting={book.isPending}
        error={submitError}
      />
    );
  } else if (appointment.isPending) {
    body = <LoadingState />;
  } else if (appointment.isError) {
    body = <ErrorState message={apiErrorMessage(t, appointment.error)} onRetry={() => void appointment.refetch()} />;
  } else if (step === 'deposit') {
    body = (
      <DepositStep
        appointment={appointment.data}
        onConfirm={() => void appointment.refetch()}
        onChooseAgain={chooseAgain}
      />
    );
  } else {
    body = <AppointmentStatusStep appointment={appointment.data} onChooseAgain={chooseAgain} />;
  }

  return (
    <Paper
      component="section"
      aria-labelledby="booking-card-title"
      elevation={12}
      sx={{
        width: '100%',
        borderRadius: '16px 16px 0 0',
        maxHeight: '100%',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, px: 2, pt: 1.5, pb: 1 }}>
        <Box sx={{ flexGrow: 1 }}>
          {/* A place that takes no bookings in the app has no steps to count. */}
          {hospital.takesBookings ? (
            <Typography variant="caption" color="text.secondary">
              {t('stepOf', { step: stepNumber, total: 4 })}
            </Typography>
          ) : null}
          <Typography id="booking-card-title" variant="h6" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {name}
          </Typography>
        </Box>
        <IconButton aria-label={t('card.close')} onClick={close} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      {/* The step scrolls; its action bar stays below it, in sight above the tab bar however long the step is. */}
      <Box sx={{ flex: '1 1 auto', minHeight: 0, overflowY: 'auto', px: 2, pb: 2 }}>
        <ActionBar value={actionBar}>
          {/* A visitor fills the step in for themselves; whom it is for is asked once signed in. */}
          {step === 'hospital' || !me.data ? (
            body
          ) : (
            // Whom the booking is for: the patient, or a dependent whose grant allows booking.
            <PersonGate area="booking">
              <BookingFor />
              {body}
            </PersonGate>
          )}
        </ActionBar>
      </Box>
      <Box
        ref={setActionBar}
        sx={{ flex: 'none', px: 2, '&:not(:empty)': { py: 1.5, borderTop: 1, borderColor: 'divider' } }}
      />
    </Paper>
  );
}
