import type { DayListEntry } from '@klaimor/contracts';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useStaffTexts } from '../staff.texts';
import { DeskBookingDialog } from './DeskBookingDialog';

export interface DeskBookingProps {
  facilityId: string;
  /** Shows the appointment just booked in the day's list. */
  onOpenBooked: (entry: DayListEntry) => void;
}

/** The desk's "book for a patient" button and what it opens. */
export function DeskBooking({ facilityId, onOpenBooked }: DeskBookingProps) {
  const { t } = useStaffTexts();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" size="large" startIcon={<PersonAddIcon />} onClick={() => setOpen(true)}>
        {t('deskBooking.open')}
      </Button>
      <DeskBookingDialog
        facilityId={facilityId}
        open={open}
        onClose={() => setOpen(false)}
        onOpenBooked={onOpenBooked}
      />
    </>
  );
}
