import { CorrectFacilityBody, type OperatorFacility } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Outcome } from './Outcome';
import { PositionMap } from './PositionMap';
import { useCorrectFacility } from './operator.queries';
import { useOperatorTexts } from './operator.texts';
import { useFacilityAction } from './use-facility-action';

const rounded = (n: number) => Number(n.toFixed(6));

/** Where the facility stands: its pin moved on the map or typed, saved as the operator's (its flag then clears). */
export function PositionSection({ facility }: { facility: OperatorFacility }) {
  const { t } = useOperatorTexts();
  const correct = useCorrectFacility(facility.id);
  const { outcome, run, fail } = useFacilityAction();
  const [lat, setLat] = useState(String(facility.lat));
  const [lng, setLng] = useState(String(facility.lng));
  const move = (to: number, from: number) => {
    setLat(String(rounded(to)));
    setLng(String(rounded(from)));
  };
  const save = () => {
    const body = CorrectFacilityBody.safeParse({ position: { lat: Number(lat), lng: Number(lng) } });
    if (!body.success) return fail(t('position.outside'));
    return run(() => correct.mutateAsync(body.data), t('position.saved'));
  };
  const shown = { lat: Number(lat) || facility.lat, lng: Number(lng) || facility.lng };
  return (
    <Stack spacing={2}>
      {facility.positionFlag ? (
        <Alert severity="warning" role="note">
          {t(`position.flags.${facility.positionFlag}`)}
        </Alert>
      ) : null}
      <PositionMap lat={shown.lat} lng={shown.lng} label={facility.nameTh} onMove={move} />
      <Stack direction="row" spacing={2}>
        <TextField id="op-lat" label={t('position.lat')} value={lat} onChange={(e) => setLat(e.target.value)} />
        <TextField id="op-lng" label={t('position.lng')} value={lng} onChange={(e) => setLng(e.target.value)} />
      </Stack>
      <Outcome outcome={outcome} />
      <Button
        variant="contained"
        loading={correct.isPending}
        onClick={() => void save()}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('position.save')}
      </Button>
    </Stack>
  );
}
