import type { Condition } from '@klaimor/contracts';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { appLanguage } from '../../i18n/language';
import { writtenLanguage } from '../../lib/written-language';
import { EntryFooter } from './EntryFooter';
import { conditionName } from './health-background-format';
import { useHealthBackgroundTexts } from './health-background.texts';

export interface ConditionCardProps {
  condition: Condition;
  onRemove?: () => void;
}

/** One long-term condition: its name, the ICD-10 code small beside it when known, and who recorded it. */
export function ConditionCard({ condition, onRemove }: ConditionCardProps) {
  const { t, i18n } = useHealthBackgroundTexts();
  const name = conditionName(condition, appLanguage(i18n));
  return (
    <Card variant="outlined" component="article" aria-label={name}>
      <CardContent sx={{ pb: '12px !important' }}>
        <Typography component="h3" sx={{ overflowWrap: 'anywhere' }}>
          <Typography
            component="span"
            lang={writtenLanguage(name)}
            sx={{ fontWeight: 700, fontSize: '1.125rem', mr: 0.5 }}
          >
            {name}
          </Typography>
          {condition.icd10 ? ' ' : null}
          {condition.icd10 ? (
            <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {t('conditions.code', { code: condition.icd10 })}
            </Typography>
          ) : null}
        </Typography>
        <EntryFooter
          name={name}
          recordedBy={condition.recordedBy}
          recordedAt={condition.recordedAt}
          onRemove={onRemove}
        />
      </CardContent>
    </Card>
  );
}
