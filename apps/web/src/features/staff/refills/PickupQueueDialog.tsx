import type { StaffRefill } from '@klaimor/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormDialog } from '../../../components/FormDialog';
import { writtenLanguage } from '../../../lib/written-language';
import { useStaffTexts } from '../staff.texts';
import { medicineName, patientLine } from './refills-format';

export interface PickupQueueDialogProps {
  /** The request just marked ready at the hospital's pharmacy, with its queue number; null when none is shown. */
  refill: StaffRefill | null;
  onClose: () => void;
}

/**
 * The day's pickup queue number of a refill just marked ready, as large as a ticket's, with the patient and the
 * medicine it belongs to: the pharmacist writes it on the bag, and the patient, told the same number, asks for it.
 */
export function PickupQueueDialog({ refill, onClose }: PickupQueueDialogProps) {
  const { t } = useStaffTexts();
  return (
    <FormDialog open={refill !== null} title={t('refills.queue.title')} onClose={onClose}>
      {refill ? (
        <Box sx={{ textAlign: 'center' }}>
          <Typography sx={{ fontWeight: 600 }} lang={writtenLanguage(refill.patient.name)}>
            {patientLine(t, refill.patient)}
          </Typography>
          <Typography>{medicineName(refill)}</Typography>
          <Typography sx={{ mt: 2 }}>{t('refills.queue.label')}</Typography>
          <Typography
            component="p"
            sx={{
              fontSize: '5rem',
              fontWeight: 700,
              lineHeight: 1.1,
              fontVariantNumeric: 'tabular-nums',
              color: 'primary.dark',
            }}
          >
            {refill.pickupQueueNumber}
          </Typography>
          <Typography sx={{ mt: 1 }}>{t('refills.queue.writeOnBag')}</Typography>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button variant="contained" onClick={onClose}>
              {t('refills.queue.close')}
            </Button>
          </Box>
        </Box>
      ) : null}
    </FormDialog>
  );
}
