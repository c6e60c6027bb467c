import { todayInBangkok, type Closure } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, useState } from 'react';
import { appLanguage } from '../../../i18n/language';
import { displayYear } from '../../../lib/thai-date';
import { staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { useClosePublicHolidays } from './schedule.queries';

export interface PublicHolidaysDialogProps {
  facilityId: string;
  open: boolean;
  onClosed: (closed: Closure[]) => void;
  onClose: () => void;
}

/** Closes this year's or next year's fixed-date Thai public holidays, after saying which holidays it cannot know. */
export function PublicHolidaysDialog({ facilityId, open, onClosed, onClose }: PublicHolidaysDialogProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const titleId = useId();
  const yearLabelId = useId();
  const closeHolidays = useClosePublicHolidays(facilityId);
  const thisYear = Number(todayInBangkok().slice(0, 4));
  const [year, setYear] = useState(thisYear);

  const submit = async () => {
    try {
      onClosed(await closeHolidays.mutateAsync(year));
    } catch {
      // shown below
    }
  };

  return (
    <Dialog
      open={open}
      onClose={closeHolidays.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => closeHolidays.reset() } }}
    >
      <DialogTitle id={titleId}>{t('closures.holidays.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('closures.holidays.body')}</DialogContentText>
        <Alert severity="info" sx={{ my: 2 }}>
          {t('closures.holidays.lunar')}
        </Alert>
        <FormControl>
          <FormLabel id={yearLabelId}>{t('closures.holidays.year')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={yearLabelId}
            value={String(year)}
            onChange={(e) => setYear(Number(e.target.value))}
          >
            {[thisYear, thisYear + 1].map((y) => (
              <FormControlLabel
                key={y}
                value={String(y)}
                control={<Radio />}
                label={t('closures.holidays.yearOption', { year: displayYear(y, lang) })}
              />
            ))}
          </RadioGroup>
        </FormControl>
        {closeHolidays.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {staffErrorMessage(t, closeHolidays.error, lang)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={closeHolidays.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} loading={closeHolidays.isPending}>
          {t('closures.holidays.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
