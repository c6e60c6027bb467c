import type { Hospital } from '@klaimor/contracts';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
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
  type BookingDraft,
  type BookingStep,
} from './booking-draft';
import { useAppointment } from '../../session/appointment-queries';
import { bookingKeys, useBookAppointment } from './booking.queries';
import { DepositStep } from './DepositStep';
import { HospitalSummary } from './HospitalSummary';
import { stickyActionStyles } from './StickyAction';
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
  const [draft, setDraft] = useState<BookingDraft>(() => loadDraft(hospital.id));
  const [submitError, setSubmitError] = useState<string | null>(null);
  // Asked again while the deposit is awaited, so a payment made in the banking app shows here without a tap.
  const appointment = useAppointment(draft.appointmentId, draft.step === 'status' || draft.step === 'deposit');

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
    const state: ReturnToState = { returnTo: `${location.pathname}${location.search}` };
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

  const close = () => {
    if (draft.step === 'status') clearDraft(hospital.id);
    onClose();
  };

  const name = i18n.language === 'en' ? hospital.nameEn : hospital.nameTh;
  const stepNumber = { hospital: 1, symptoms: 2, deposit: 3, status: 4 }[draft.step];

  let body;
  if (draft.step === 'hospital') {
    body = (
      <HospitalSummary
        hospital={hospital}
        distanceM={distanceM}
        onEnterSymptoms={() => (me.data ? update({ step: 'symptoms' }) : toLogin('symptoms'))}
      />
    );
  } else if (draft.step === 'symptoms' || draft.appointmentId === null) {
    body = (
      <SymptomsStep
        hospitalId={hospital.id}
        draft={draft}
        onChange={update}
        onSubmit={submit}
        submitting={book.isPending}
        error={submitError}
      />
    );
  } else if (appointment.isPending) {
    body = <LoadingState />;
  } else if (appointment.isError) {
    body = <ErrorState message={apiErrorMessage(t, appointment.error)} onRetry={() => void appointment.refetch()} />;
  } else if (draft.step === 'deposit') {
    body = (
      <DepositStep
        appointment={appointment.data}
        onConfirm={() => update({ step: 'status' })}
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
        overflowY: 'auto',
        p: 2,
        pt: 1.5,
        ...stickyActionStyles,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1 }}>
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
      {draft.step === 'hospital' ? (
        body
      ) : (
        // Whom the booking is for: the patient, or a dependent whose grant allows booking.
        <PersonGate area="booking">
          <BookingFor />
          {body}
        </PersonGate>
      )}
    </Paper>
  );
}
