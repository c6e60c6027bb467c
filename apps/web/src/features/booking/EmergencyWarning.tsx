import type { RedFlagHit } from '@klaimor/contracts';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { RedFlagAlert } from '../../components/RedFlagAlert';
import { useBookingTexts } from './booking.texts';

export interface EmergencyWarningProps {
  redFlags: RedFlagHit[];
  acknowledged: boolean;
  onAcknowledgedChange: (acknowledged: boolean) => void;
}

/** The symptoms read like an emergency: call 1669 now; booking goes on only when the patient says so. */
export function EmergencyWarning({ redFlags, acknowledged, onAcknowledgedChange }: EmergencyWarningProps) {
  const { t } = useBookingTexts();
  return (
    <RedFlagAlert redFlags={redFlags}>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Checkbox
            color="default"
            sx={{ color: 'inherit' }}
            checked={acknowledged}
            onChange={(e) => onAcknowledgedChange(e.target.checked)}
          />
        }
        label={t('emergency.acknowledge')}
      />
    </RedFlagAlert>
  );
}
