import type { Allergy, AllergySeverity } from '@klaimor/contracts';
import WarningIcon from '@mui/icons-material/Warning';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Trans } from 'react-i18next';
import { writtenLanguage } from '../../lib/written-language';
import { EntryFooter } from './EntryFooter';
import { useHealthBackgroundTexts } from './health-background.texts';

/** How bad a reaction is, in words first; a severe one also in white on red with a warning sign, to stand out. */
export function SeverityBadge({ severity }: { severity: AllergySeverity }) {
  const { t } = useHealthBackgroundTexts();
  const severe = severity === 'severe';
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        py: 0.25,
        borderRadius: 1,
        border: 1,
        typography: 'body2',
        fontWeight: severe ? 700 : 500,
        ...(severe
          ? { bgcolor: 'error.main', borderColor: 'error.main', color: 'error.contrastText' }
          : { borderColor: severity === 'moderate' ? 'warning.main' : 'divider', color: 'text.primary' }),
      }}
    >
      {severe ? <WarningIcon aria-hidden sx={{ fontSize: '1.15em' }} /> : null}
      {t(`severity.${severity}`)}
    </Box>
  );
}

export interface AllergyCardProps {
  allergy: Allergy;
  onRemove?: () => void;
}

/** One allergy: the substance, how bad and what kind, what happened, and who recorded it. */
export function AllergyCard({ allergy, onRemove }: AllergyCardProps) {
  const { t } = useHealthBackgroundTexts();
  const severe = allergy.severity === 'severe';
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={allergy.substance}
      sx={severe ? { borderColor: 'error.main', borderLeftWidth: 6 } : undefined}
    >
      <CardContent sx={{ pb: '12px !important' }}>
        <Typography
          component="h3"
          variant="subtitle1"
          lang={writtenLanguage(allergy.substance)}
          sx={{ fontWeight: 700, fontSize: '1.125rem', overflowWrap: 'anywhere' }}
        >
          {allergy.substance}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.75 }}>
          <SeverityBadge severity={allergy.severity} />
          <Typography variant="body2" color="text.secondary">
            {t('allergies.kind', { kind: t(`category.${allergy.category}`) })}
          </Typography>
        </Stack>
        {allergy.reaction ? (
          <Typography variant="body2" sx={{ mt: 0.75, overflowWrap: 'anywhere' }}>
            <Trans
              t={t}
              i18nKey="allergies.reaction"
              values={{ reaction: allergy.reaction }}
              components={{ words: <span lang={writtenLanguage(allergy.reaction)} /> }}
            />
          </Typography>
        ) : null}
        <EntryFooter
          name={allergy.substance}
          recordedBy={allergy.recordedBy}
          recordedAt={allergy.recordedAt}
          onRemove={onRemove}
        />
      </CardContent>
    </Card>
  );
}
