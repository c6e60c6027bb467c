import type { CareLink } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { useNotificationsTexts } from './notifications.texts';
import { NamedText } from '../../components/NamedText';

/**
 * A dependent whose notifications the patient does not hear is chosen: say who hears them (the dependent, who signs
 * in, or the caregiver holding their profile), then show the patient's own `screen`.
 */
export function OwnInstead({ link, screen }: { link: CareLink; screen: ReactNode }) {
  const { t } = useNotificationsTexts();
  const name = link.person.firstname;
  return (
    <>
      <Alert severity="info">
        <NamedText t={t} i18nKey={link.person.hasOwnSignIn ? 'gate.hearsOwn' : 'gate.heldByOther'} values={{ name }} />
      </Alert>
      {screen}
    </>
  );
}
