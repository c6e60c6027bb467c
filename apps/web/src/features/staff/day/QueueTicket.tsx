import type { DayListEntry } from '@klaimor/contracts';
import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import GlobalStyles from '@mui/material/GlobalStyles';
import Portal from '@mui/material/Portal';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { FormDialog } from '../../../components/FormDialog';
import { appLanguage } from '../../../i18n/language';
import { clinicName } from '../shared/clinics.queries';
import { bangkokDateOf, formatDateWithWeekday, formatSlotTime } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';

/** The class of the one element a printout keeps: everything else on the page is left off the paper. */
const PRINTED = 'klaimor-printed-ticket';

/**
 * While the ticket is open, printing prints the ticket alone: the app, the appointment and this dialog are left out,
 * and the ticket (72 mm wide, the paper of the desks' receipt printers, which an A4 printer prints at its top) is
 * drawn from its own copy at the page's corner.
 */
const printTicketOnly = (
  <GlobalStyles
    styles={{
      '@media print': {
        [`body > *:not(.${PRINTED})`]: { display: 'none !important' },
        [`.${PRINTED}`]: { display: 'block !important' },
      },
      '@page': { margin: '4mm' },
    }}
  />
);

/**
 * A first name and the initial of the family name ("บุญมา ท."): enough for the patient to know the ticket is theirs,
 * not the whole name on a slip that may be left on a waiting-room chair.
 */
const shortName = (name: string) => {
  const [first, ...rest] = name.split(' ');
  const family = rest.join(' ');
  return family ? `${first} ${[...family][0]}.` : first;
};

export interface QueueTicketProps {
  entry: DayListEntry & { queue: NonNullable<DayListEntry['queue']> };
  facilityName: string;
}

/** The paper ticket the desk hands over at check-in: the queue number big, the day, time and doctor, the booking's QR. */
export function QueueTicket({ entry, facilityName }: QueueTicketProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  return (
    <Box
      sx={{
        width: '72mm',
        maxWidth: '100%',
        p: 2,
        bgcolor: '#fff',
        color: '#000',
        textAlign: 'center',
        border: '1px dashed',
        borderColor: 'grey.500',
        '@media print': { border: 'none', p: 0 },
      }}
    >
      <Typography sx={{ fontWeight: 700, fontSize: '1.05rem', lineHeight: 1.35 }}>{facilityName}</Typography>
      <Typography sx={{ mt: 1 }}>{t('ticket.queue')}</Typography>
      <Typography component="p" sx={{ fontSize: '3.5rem', fontWeight: 700, lineHeight: 1.1 }}>
        {entry.queue.label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{clinicName(entry.clinic, lang)}</Typography>
      <Typography sx={{ mt: 1 }}>{formatDateWithWeekday(t, bangkokDateOf(entry.start), lang)}</Typography>
      <Typography>{t('ticket.time', { time: formatSlotTime(t, entry) })}</Typography>
      <Typography>{entry.clinician}</Typography>
      {entry.patient ? (
        <Typography sx={{ mt: 1, fontWeight: 600 }}>
          {shortName(entry.patient.name)}
          {entry.patient.hospitalNumber ? ` · HN ${entry.patient.hospitalNumber}` : null}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5, mt: 1.5 }}>
        <QRCodeSVG value={entry.reference} size={96} level="M" title={t('ticket.qr')} />
        <Typography variant="body2">{t('ticket.reference', { reference: entry.reference })}</Typography>
      </Box>
      <Typography variant="body2" sx={{ mt: 1.5 }}>
        {t('ticket.wait')}
      </Typography>
    </Box>
  );
}

export interface QueueTicketDialogProps extends QueueTicketProps {
  open: boolean;
  onClose: () => void;
}

/** The ticket as it will print, with the button that prints it. */
export function QueueTicketDialog({ open, onClose, entry, facilityName }: QueueTicketDialogProps) {
  const { t } = useStaffTexts();
  return (
    <FormDialog open={open} title={t('ticket.title')} onClose={onClose}>
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <QueueTicket entry={entry} facilityName={facilityName} />
      </Box>
      <DialogActions sx={{ px: 0, pt: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{t('ticket.close')}</Button>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {t('ticket.print')}
        </Button>
      </DialogActions>
      {printTicketOnly}
      <Portal>
        <Box className={PRINTED} aria-hidden sx={{ display: 'none' }}>
          <QueueTicket entry={entry} facilityName={facilityName} />
        </Box>
      </Portal>
    </FormDialog>
  );
}
