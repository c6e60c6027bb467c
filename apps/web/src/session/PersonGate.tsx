import type { CareLink, CareScope } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { ErrorState } from '../components/ErrorState';
import { LoadingState } from '../components/LoadingState';
import { useCareTexts } from '../i18n/care/care.texts';
import { allows, type CareArea } from './care-links';
import { useChoiceFromAddress } from './person-from-address';
import { PersonSwitcher } from './PersonSwitcher';
import { selectPatient } from './selected-patient';
import { useSelectedPerson } from './use-selected-person';

export interface PersonGateProps {
  /** The part of a record the screen shows; a dependent's grant must cover it. */
  area: CareArea;
  /**
   * What to show, instead of "the grant does not cover this", on a screen that falls back to the patient's own data
   * (the notification centre: a dependent who signs in hears their own notifications, the patient theirs).
   */
  otherwise?: (link: CareLink) => ReactNode;
  children: ReactNode;
}

/**
 * A screen of personal data: the person switcher on top, then the screen, mounted only once it is known whose data it
 * is (a link may name the person: `?patient=`) and that the grant covers it. A grant that does not says so, with the
 * way back to the patient's own data.
 */
export function PersonGate({ area, otherwise, children }: PersonGateProps) {
  const { t } = useCareTexts();
  const selection = useSelectedPerson();
  const { owner, person, failed, retry } = selection;
  const link = person?.link ?? null;
  const choosing = useChoiceFromAddress(selection);

  let body: ReactNode;
  if (failed) body = <ErrorState onRetry={retry} />;
  else if (!person || choosing) body = <LoadingState />;
  else if (!link) body = children;
  else if (!allows(link, area) && otherwise) body = otherwise(link);
  else if (!allows(link, area)) {
    const granted = (Object.keys(link.scopes) as CareScope[]).filter((scope) => link.scopes[scope]);
    body = (
      <Stack spacing={1.5}>
        <Alert severity="info">{t('gate.notAllowed', { name: person.firstname, area: t(`gate.areas.${area}`) })}</Alert>
        <Alert severity="info">
          {t('gate.allowed', {
            name: person.firstname,
            scopes: granted.map((scope) => t(`scopes.${scope}`)).join(', '),
          })}
        </Alert>
        <Button
          variant="outlined"
          onClick={() => selectPatient(owner, null)}
          sx={{ alignSelf: 'flex-start', minHeight: 44 }}
        >
          {t('gate.backToMe')}
        </Button>
      </Stack>
    );
  } else body = children;

  return (
    <Stack spacing={2}>
      <PersonSwitcher selection={selection} />
      <Stack key={person?.id ?? 'none'} spacing={2}>
        {body}
      </Stack>
    </Stack>
  );
}
