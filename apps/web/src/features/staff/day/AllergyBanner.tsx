import type { Allergy, Condition } from '@klaimor/contracts';
import ReportIcon from '@mui/icons-material/Report';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useStaffTexts } from '../staff.texts';

/** 'เพนิซิลลิน (ยา) รุนแรง · ผื่นลมพิษ': an allergy in one line, its severity in words, never by colour alone. */
export function allergyLine(t: TFunction<'staff'>, a: Allergy): string {
  return [
    `${a.substance} (${t(`background.category.${a.category}`)})`,
    t(`background.severity.${a.severity}`),
    a.reaction,
  ]
    .filter(Boolean)
    .join(' · ');
}

export const conditionLine = (c: Condition): string => (c.icd10 ? `${c.name} (${c.icd10})` : c.name);

export interface AllergyBannerProps {
  /** Undefined while the record is not read (loading, or it failed): said so, never as "none recorded". */
  allergies: readonly Allergy[] | undefined;
  conditions: readonly Condition[] | undefined;
  /** What to say under each entry (who wrote it, a remove button); without it, the entries alone. */
  detail?: (entry: Allergy | Condition) => ReactNode;
}

/**
 * What the clinician must see before prescribing, above the prescriptions: every recorded allergy (severe first, as the
 * server orders them), or that none is recorded (so ask); then the long-term conditions.
 */
export function AllergyBanner({ allergies, conditions, detail }: AllergyBannerProps) {
  const { t } = useStaffTexts();
  if (!allergies || !conditions)
    return (
      <Box component="section" aria-label={t('background.title')}>
        <Alert severity="warning">{t('background.unknown')}</Alert>
      </Box>
    );
  return (
    <Box component="section" aria-label={t('background.title')} sx={{ display: 'grid', gap: 1 }}>
      {allergies.length > 0 ? (
        <Alert severity="error" icon={<ReportIcon fontSize="inherit" />}>
          <AlertTitle sx={{ fontWeight: 700 }}>{t('background.allergyBanner')}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {allergies.map((a) => (
              <li key={a.id}>
                <Typography variant="body2" sx={{ fontWeight: a.severity === 'severe' ? 700 : 400 }}>
                  {allergyLine(t, a)}
                </Typography>
                {detail?.(a)}
              </li>
            ))}
          </Box>
        </Alert>
      ) : (
        <Alert severity="info">{t('background.noAllergies')}</Alert>
      )}
      {detail && conditions.length > 0 ? (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('background.conditions')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {conditions.map((c) => (
              <li key={c.id}>
                <Typography variant="body2">{conditionLine(c)}</Typography>
                {detail(c)}
              </li>
            ))}
          </Box>
        </Box>
      ) : (
        <Typography variant="body2">
          <Box component="span" sx={{ fontWeight: 600 }}>
            {t('background.conditions')}:
          </Box>{' '}
          {conditions.length > 0 ? conditions.map(conditionLine).join(' · ') : t('background.noConditions')}
        </Typography>
      )}
    </Box>
  );
}
