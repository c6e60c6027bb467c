import type { OperatorFacility } from '@klaimor/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Outcome } from './Outcome';
import { useHideFacility, useMergeFacility } from './operator.queries';
import { useOperatorTexts } from './operator.texts';
import { useFacilityAction } from './use-facility-action';

/** Whether patients find it: hidden when closed, shown again, or merged into the listing it duplicates. */
export function ListingSection({ facility }: { facility: OperatorFacility }) {
  const { t } = useOperatorTexts();
  const hide = useHideFacility(facility.id);
  const merge = useMergeFacility(facility.id);
  const { outcome, run, fail } = useFacilityAction();
  const [into, setInto] = useState('');
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
          <TextField
            id="op-merge-into"
            label={t('listing.into')}
            helperText={t('listing.intoHint')}
            value={into}
            onChange={(e) => setInto(e.target.value)}
            sx={{ minWidth: 320 }}
          />
          <Button
            variant="outlined"
            color="warning"
            loading={merge.isPending}
            onClick={() =>
              void (into.trim()
                ? run(() => merge.mutateAsync({ into: into.trim() }), t('listing.merged'))
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
