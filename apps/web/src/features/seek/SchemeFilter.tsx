import { HEALTH_SCHEMES, type HealthScheme } from '@klaimor/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useOwnCoverage } from '../coverage/own-coverage';
import { useSeekTexts } from './seek.texts';

export interface SchemeFilterProps {
  scheme: HealthScheme | null;
  onChange: (scheme: HealthScheme | null) => void;
}

/** A signed-in patient's filter by scheme: their own schemes when their coverage names some, else all four. */
export function SchemeFilter({ scheme, onChange }: SchemeFilterProps) {
  const { t } = useSeekTexts();
  const own = useOwnCoverage();
  return (
    <Stack
      role="group"
      aria-label={t('schemeFilter')}
      direction="row"
      spacing={1}
      sx={{ mt: 1, overflowX: 'auto', pb: 0.5 }}
    >
      {(own.schemes.length > 0 ? own.schemes : HEALTH_SCHEMES).map((s) => (
        <Button
          key={s}
          size="small"
          variant={scheme === s ? 'contained' : 'outlined'}
          aria-pressed={scheme === s}
          onClick={() => onChange(scheme === s ? null : s)}
          sx={{ flexShrink: 0, borderRadius: 99 }}
        >
          {t(`schemes.${s}`)}
        </Button>
      ))}
    </Stack>
  );
}
