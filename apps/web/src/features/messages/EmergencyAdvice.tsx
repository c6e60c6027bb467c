import type { RedFlagHit } from '@klaimor/contracts';
import Typography from '@mui/material/Typography';
import { RedFlagAlert } from '../../components/RedFlagAlert';
import { NearestEmergency } from '../../components/NearestEmergency';
import { useCareMessagesTexts } from './messages.texts';

/**
 * What the words raised, with the call to 1669 (RedFlagAlert), the nearest emergency department, and, once sent, that
 * a message is no way to get help in time: the team may read it hours later.
 */
export function EmergencyAdvice({ redFlags, sent }: { redFlags: RedFlagHit[]; sent: boolean }) {
  const { t } = useCareMessagesTexts();
  return (
    <RedFlagAlert redFlags={redFlags}>
      <Typography sx={{ mt: 1.5, fontWeight: 700 }}>
        {t(sent ? 'emergency.sentDoNotWait' : 'emergency.doNotWait')}
      </Typography>
      <NearestEmergency />
    </RedFlagAlert>
  );
}
