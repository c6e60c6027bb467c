import type { StaffRefill } from '@klaimor/contracts';
import LocalPharmacyIcon from '@mui/icons-material/LocalPharmacyOutlined';
import LocalShippingIcon from '@mui/icons-material/LocalShippingOutlined';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { Language } from '../../../i18n/language';
import { formatBuddhistDate } from '../../../lib/thai-date';
import { writtenLanguage } from '../../../lib/written-language';
import { formatDateTime, type ChipColor, type StaffT } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';
import { deliveryWords, doseWords, medicineName, patientLine, shipToLine, supplyWords } from './refills-format';

/**
 * Where each part of a row sits: stacked on a phone, columns from a tablet on (three lines a row at most, so a laptop
 * shows six or more), a clinician's reason for declining under the first three.
 */
export const REFILL_ROW_GRID = {
  display: 'grid',
  columnGap: 2,
  rowGap: 0.5,
  alignItems: 'start',
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr)',
    md: 'minmax(170px, 1.1fr) minmax(200px, 1.4fr) minmax(200px, 1.4fr) 176px',
  },
  gridTemplateAreas: {
    xs: '"patient" "medicine" "delivery" "reason" "action"',
    md: '"patient medicine delivery action" "reason reason reason action"',
  },
} as const;

/** What a member may do from a row: the clinician decides, the pharmacist hands over. */
export interface RefillRowActions {
  canDecide: boolean;
  canDispense: boolean;
  onApprove: (refill: StaffRefill) => void;
  onDecline: (refill: StaffRefill) => void;
  onReady: (refill: StaffRefill) => void;
  onSent: (refill: StaffRefill) => void;
  /** The request being marked ready now. */
  readying: string | null;
}

export interface RefillRowProps extends RefillRowActions {
  refill: StaffRefill;
  lang: Language;
  today: string;
}

const DELIVERY_ICONS = {
  hospital_pharmacy: LocalPharmacyIcon,
  near_home_pharmacy: StorefrontIcon,
  post: LocalShippingIcon,
} as const;

const STATUS_COLORS: Record<StaffRefill['status'], ChipColor> = {
  requested: 'warning',
  approved: 'info',
  declined: 'error',
  cancelled: 'default',
  ready: 'success',
  sent: 'success',
};

const small = { fontSize: '0.875rem', lineHeight: 1.45 } as const;

/**
 * One request, in as few lines as a busy desk reads: who (name and age), since when and their note; the medicine, how
 * it is taken and how long the current supply lasts (or what was approved, by whom); how the patient gets it (the
 * post's address in full); and on the right what the member can do with it, or what became of it.
 */
export function RefillRow({ refill, lang, today, ...actions }: RefillRowProps) {
  const { t } = useStaffTexts();
  const headingId = useId();
  const medicineId = useId();
  const DeliveryIcon = DELIVERY_ICONS[refill.delivery];
  const supply = supplyWords(t, refill.dosing.endDate, today, lang);
  const decided = refill.status !== 'requested' && refill.status !== 'cancelled';

  return (
    <Box
      component="li"
      sx={{
        ...REFILL_ROW_GRID,
        listStyle: 'none',
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        borderLeft: 4,
        // A patient already without their medicine is the one to decide first; the edge repeats the words.
        borderLeftColor: refill.status === 'requested' && supply.ranOut ? 'warning.main' : 'transparent',
      }}
    >
      <Box sx={{ gridArea: 'patient', minWidth: 0 }}>
        <Typography
          component="h2"
          id={headingId}
          lang={writtenLanguage(refill.patient.name)}
          sx={{ fontWeight: 600, fontSize: '1rem', lineHeight: 1.4, overflowWrap: 'anywhere' }}
        >
          {patientLine(t, refill.patient)}
        </Typography>
        <Typography color="text.secondary" sx={small}>
          {t('refills.requestedAt', { when: formatDateTime(t, refill.requestedAt, lang) })}
        </Typography>
        {refill.note ? <Said label={t('refills.note')} text={refill.note} /> : null}
      </Box>

      <Box sx={{ gridArea: 'medicine', minWidth: 0 }}>
        <Typography id={medicineId} sx={{ fontWeight: 600, lineHeight: 1.4, overflowWrap: 'anywhere' }}>
          {medicineName(refill)}
        </Typography>
        <Typography sx={{ ...small, overflowWrap: 'anywhere' }}>{doseWords(t, refill)}</Typography>
        {decided && refill.approvedDays !== null && refill.suppliedUntil !== null ? (
          <Typography sx={small}>
            {t(refill.decidedBy ? 'refills.approvedBy' : 'refills.approvedFor', {
              count: refill.approvedDays,
              date: formatBuddhistDate(refill.suppliedUntil, lang, 'short'),
              name: refill.decidedBy,
            })}
          </Typography>
        ) : refill.status === 'requested' ? (
          <Typography
            sx={{
              ...small,
              ...(supply.ranOut ? { color: 'warning.dark', fontWeight: 600 } : { color: 'text.secondary' }),
            }}
          >
            {supply.text}
          </Typography>
        ) : refill.decidedBy ? (
          <Typography color="text.secondary" sx={small}>
            {t('refills.decidedBy', { name: refill.decidedBy })}
          </Typography>
        ) : null}
      </Box>

      <Box sx={{ gridArea: 'delivery', minWidth: 0, display: 'flex', gap: 0.75 }}>
        <DeliveryIcon fontSize="small" aria-hidden sx={{ mt: 0.25, color: 'text.secondary' }} />
        <Typography sx={{ ...small, minWidth: 0, overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {deliveryWords(t, refill, lang)}
          </Box>
          {refill.delivery === 'post' && refill.shipTo ? (
            // The address runs on after the way, two lines rather than three: the label is copied from the form.
            <>
              {t('refills.delivery.separator')}
              <span lang={writtenLanguage(refill.shipTo.address)}>{shipToLine(t, refill.shipTo)}</span>
            </>
          ) : null}
        </Typography>
      </Box>

      {refill.declineReason ? (
        <Box sx={{ gridArea: 'reason', minWidth: 0 }}>
          <Said label={t('refills.declineReason')} text={refill.declineReason} />
        </Box>
      ) : null}

      <Box sx={{ gridArea: 'action', minWidth: 0 }}>
        <RowAction refill={refill} t={t} lang={lang} describedBy={`${headingId} ${medicineId}`} {...actions} />
      </Box>
    </Box>
  );
}

/** Words someone wrote (the patient's note, the clinician's reason), after what they are. */
function Said({ label, text }: { label: string; text: string }) {
  return (
    <Typography sx={{ ...small, overflowWrap: 'anywhere' }}>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {label}
      </Box>{' '}
      <span lang={writtenLanguage(text)}>{text}</span>
    </Typography>
  );
}

/** The buttons of the member's step on the request, or where it is when the step is someone else's or over. */
function RowAction({
  refill,
  t,
  lang,
  describedBy,
  canDecide,
  canDispense,
  onApprove,
  onDecline,
  onReady,
  onSent,
  readying,
}: RefillRowActions & { refill: StaffRefill; t: StaffT; lang: Language; describedBy: string }) {
  // Each button says whose request it acts on to a screen reader: the patient and the medicine describe it.
  const about = { 'aria-describedby': describedBy };
  const at = refill.readyAt ?? refill.sentAt ?? refill.decidedAt;
  if (refill.status === 'requested' && canDecide) {
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" onClick={() => onApprove(refill)} {...about}>
          {t('refills.actions.approve')}
        </Button>
        <Button variant="outlined" color="error" onClick={() => onDecline(refill)} {...about}>
          {t('refills.actions.decline')}
        </Button>
      </Box>
    );
  }
  if (refill.status === 'approved' && canDispense) {
    return refill.delivery === 'post' ? (
      <Button variant="contained" onClick={() => onSent(refill)} {...about}>
        {t('refills.actions.sent')}
      </Button>
    ) : (
      <Button
        variant="contained"
        color="success"
        loading={readying === refill.id}
        disabled={readying !== null && readying !== refill.id}
        onClick={() => onReady(refill)}
        {...about}
      >
        {t('refills.actions.ready')}
      </Button>
    );
  }
  return (
    <Box>
      <Chip
        size="small"
        color={STATUS_COLORS[refill.status]}
        label={t(`refills.status.${refill.status}`)}
        sx={{ fontWeight: 600 }}
      />
      {refill.status === 'ready' && refill.pickupQueueNumber !== null ? (
        <Typography sx={{ fontWeight: 700, fontSize: '1.4rem', lineHeight: 1.3, color: 'primary.dark' }}>
          {t('refills.queueShort', { number: refill.pickupQueueNumber })}
        </Typography>
      ) : null}
      {refill.status === 'sent' && refill.trackingNumber ? (
        <Typography sx={{ ...small, mt: 0.5, overflowWrap: 'anywhere' }}>
          {refill.carrier === 'other' && refill.carrierName
            ? refill.carrierName
            : t(`refills.carriers.${refill.carrier ?? 'thailand_post'}`)}{' '}
          <Box component="span" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {refill.trackingNumber}
          </Box>
        </Typography>
      ) : null}
      {at ? (
        <Typography color="text.secondary" sx={{ ...small, mt: 0.25 }}>
          {formatDateTime(t, at, lang)}
        </Typography>
      ) : null}
    </Box>
  );
}
