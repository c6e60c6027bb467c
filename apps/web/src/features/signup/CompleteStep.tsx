import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useEffectEvent } from 'react';
import { useSignupTexts } from './signup.texts';

/** How long the completion state shows before the app opens (spec: 2 s). */
export const COMPLETE_DELAY_MS = 2000;

/** Where registering leads: My Health, the booking that asked to sign in, or another page that did. */
export type SignupDestination = { to: 'myHealth' } | { to: 'booking'; hospital: string } | { to: 'page' };

export interface CompleteStepProps {
  destination: SignupDestination;
  onDone: () => void;
}

/** Step 5: registration complete, a spinner for two seconds, then on to where it says it goes. */
export function CompleteStep({ destination, onDone }: CompleteStepProps) {
  const { t } = useSignupTexts();
  const done = useEffectEvent(onDone);
  useEffect(() => {
    const id = window.setTimeout(() => done(), COMPLETE_DELAY_MS);
    return () => window.clearTimeout(id);
  }, []);
  return (
    <Stack role="status" spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
      <CircularProgress size={56} aria-hidden />
      <Typography>
        {destination.to === 'booking'
          ? t('complete.toBooking', { hospital: destination.hospital })
          : t(destination.to === 'myHealth' ? 'complete.body' : 'complete.back')}
      </Typography>
    </Stack>
  );
}
