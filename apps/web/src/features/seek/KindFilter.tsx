import { FACILITY_KINDS, type FacilityKind } from '@klaimor/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import './facility-kinds.css';
import { useSeekTexts } from './seek.texts';

export interface KindFilterProps {
  kind: FacilityKind | null;
  onChange: (kind: FacilityKind | null) => void;
}

/**
 * Only one kind of place on the map and in the list (a รพ.สต., a pharmacy, …); pressed again, every kind. Each button
 * shows its kind's mark as the map draws it, so the row is also the map's legend.
 */
export function KindFilter({ kind, onChange }: KindFilterProps) {
  const { t } = useSeekTexts();
  return (
    <Stack
      role="group"
      aria-label={t('kindFilter.label')}
      direction="row"
      spacing={1}
      sx={{ mt: 1, overflowX: 'auto', pb: 0.5 }}
    >
      {FACILITY_KINDS.map((k) => (
        <Button
          key={k}
          size="small"
          variant={kind === k ? 'contained' : 'outlined'}
          aria-pressed={kind === k}
          onClick={() => onChange(kind === k ? null : k)}
          startIcon={<span className={`klaimor-kind klaimor-kind--${k}`} aria-hidden />}
          sx={{ flexShrink: 0, borderRadius: 99 }}
        >
          {t(`kindFilter.kinds.${k}`)}
        </Button>
      ))}
    </Stack>
  );
}
