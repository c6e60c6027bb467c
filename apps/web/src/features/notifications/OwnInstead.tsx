import type { CareLink } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { useNotificationsTexts } from './notifications.texts';

/**
 * A dependent whose notifications the patient does not hear is chosen: say who hears them (the dependent, who signs
 * in, or the caregiver holding their profile), then show the patient's own `screen`.
 */
export function OwnInstead({ link, screen }: { link: CareLink; screen: ReactNode }) {
  const { t } = useNotificationsTexts();
  const name = link.person.firstname;
  return (
    <>
      <Alert severity="info">{t(link.person.hasOwnSignIn ? 'gate.hearsOwn' : 'gate.heldByOther', { name })}</Alert>
      {screen}
    </>
  );
}
