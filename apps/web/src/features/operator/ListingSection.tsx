import type { OperatorFacility, OperatorFacilitySummary } from '@klaimor/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Outcome } from './Outcome';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useHideFacility, useMergeFacility, useOperatorFacilities } from './operator.queries';
import { useOperatorTexts } from './operator.texts';
import { useFacilityAction } from './use-facility-action';

/** Whether patients find it: hidden when closed, shown again, or merged into the listing it duplicates. */
export function ListingSection({ facility }: { facility: OperatorFacility }) {
  const { t } = useOperatorTexts();
  const hide = useHideFacility(facility.id);
  const merge = useMergeFacility(facility.id);
  const { outcome, run, fail } = useFacilityAction();
  const [typed, setTyped] = useState('');
  const [into, setInto] = useState<OperatorFacilitySummary | null>(null);
  const q = useDebouncedValue(typed.trim(), 300);
  const found = useOperatorFacilities({ q: q || undefined });
  // The listing kept is another one, still shown to patients.
  const choices = q ? (found.data?.data ?? []).filter((f) => f.id !== facility.id && !f.hiddenReason) : [];
  const hidden = facility.hiddenReason !== null;

  return (
    <Stack spacing={2}>
      <Typography>{hidden ? t('listing.hiddenNow') : t('listing.shownNow')}</Typography>
      <Button
        variant="outlined"
        color={hidden ? 'primary' : 'warning'}
        loading={hide.isPending}
        onClick={() =>
          void run(() => hide.mutateAsync({ hidden: !hidden }), hidden ? t('listing.shown') : t('listing.hidden'))
        }
        sx={{ alignSelf: 'flex-start' }}
      >
        {hidden ? t('listing.show') : t('listing.hide')}
      </Button>
      {!hidden ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Autocomplete
            id="op-merge-into"
            options={choices}
            value={into}
            onChange={(_, chosen) => setInto(chosen)}
            inputValue={typed}
            onInputChange={(_, text) => setTyped(text)}
            filterOptions={(options) => options}
            getOptionLabel={(f) => `${f.nameTh} (${[f.district, f.province].filter(Boolean).join(', ')})`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            loading={found.isFetching}
            noOptionsText={t('listing.noMatch')}
            loadingText={t('loading')}
            sx={{ minWidth: 420 }}
            renderInput={(params) => (
              <TextField {...params} label={t('listing.into')} helperText={t('listing.intoHint')} />
            )}
          />
          <Button
            variant="outlined"
            color="warning"
            loading={merge.isPending}
            onClick={() =>
              void (into
                ? run(() => merge.mutateAsync({ into: into.id }), t('listing.merged', { name: into.nameTh }))
                : fail(t('listing.intoMissing')))
            }
            sx={{ mt: { sm: 1 }, whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {t('listing.merge')}
          </Button>
        </Stack>
      ) : null}
      <Outcome outcome={outcome} />
    </Stack>
  );
}
