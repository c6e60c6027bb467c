import { CONSENT_VERSION } from '@klaimor/contracts';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBuddhistDate } from '../../lib/thai-date';
import { useLegalTexts } from './legal.texts';
import { appLanguage } from '../../i18n/language';

export type LegalDocumentKind = 'terms' | 'privacy';
const SECTIONS = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'] as const;

/** The terms of use or the privacy notice in force, in the reader's language, with the version it is. */
export function LegalDocument({
  kind,
  titleId,
  titleLevel,
}: {
  kind: LegalDocumentKind;
  titleId?: string;
  titleLevel: 'h1' | 'h2';
}) {
  const { t, i18n } = useLegalTexts();
  return (
    <Stack component="article" spacing={1.5} aria-labelledby={titleId}>
      <Typography id={titleId} variant="h5" component={titleLevel} sx={{ fontWeight: 700 }}>
        {t(`${kind}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('version', { date: formatBuddhistDate(CONSENT_VERSION, appLanguage(i18n)) })}
      </Typography>
      {SECTIONS.map((section) => (
        <section key={section}>
          <Typography component={titleLevel === 'h1' ? 'h2' : 'h3'} sx={{ fontWeight: 700, mb: 0.5 }}>
            {t(`${kind}.sections.${section}.heading`)}
          </Typography>
          <Typography>{t(`${kind}.sections.${section}.body`)}</Typography>
        </section>
      ))}
    </Stack>
  );
}
