import type { Refill, RefillStatus } from '@klaimor/contracts';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoNotDisturbOnIcon from '@mui/icons-material/DoNotDisturbOn';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import InventoryIcon from '@mui/icons-material/Inventory';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { DetailList, type DetailRow } from '../../components/DetailList';
import { NamedText } from '../../components/NamedText';
import { appLanguage } from '../../i18n/language';
import { usePersonTexts } from '../../i18n/person/person.texts';
import { formatBuddhistDate } from '../../lib/thai-date';
import { medicineName } from '../medications/medications-format';
import { ParcelTracking } from './ParcelTracking';
import { RefillSteps } from './RefillSteps';
import { placeName, shipToLine } from './refill-format';
import { useRefillsTexts } from './refills.texts';

/** Each status's icon and colour; the words beside them say it, so neither is needed to tell one from another. */
const STATUS: Record<RefillStatus, { icon: ReactNode; colour: string }> = {
  requested: { icon: <HourglassTopIcon />, colour: 'info.main' },
  approved: { icon: <CheckCircleIcon />, colour: 'success.main' },
  declined: { icon: <BlockIcon />, colour: 'error.main' },
  cancelled: { icon: <DoNotDisturbOnIcon />, colour: 'text.secondary' },
  ready: { icon: <InventoryIcon />, colour: 'success.main' },
  sent: { icon: <LocalShippingIcon />, colour: 'success.main' },
};

/**
 * One request: the medicine and hospital, its status in words and an icon, its steps, and what the patient needs
 * next: the pickup queue number, the nearby pharmacy, the parcel's tracking number, or the clinician's reason.
 */
export function RefillCard({ refill: r, onCancel }: { refill: Refill; onCancel?: () => void }) {
  const { t, i18n } = useRefillsTexts();
  const person = usePersonTexts();
  const lang = appLanguage(i18n);
  const headingId = useId();
  const name = medicineName(r.medication);
  const hospital = placeName(r.facility, lang);
  const status = STATUS[r.status];

  const rows: DetailRow[] = [
    { label: t('card.hospital'), value: hospital },
    { label: t('card.way'), value: t(`ways.${r.delivery}.title`) },
  ];
  if (r.pharmacy)
    rows.push({
      label: t('card.pharmacy'),
      value: [placeName(r.pharmacy, lang), r.pharmacy.address].filter(Boolean).join('\n'),
    });
  if (r.shipTo) rows.push({ label: t('card.shipTo'), value: `${r.shipTo.name}\n${shipToLine(person.t, r.shipTo)}` });
  if (r.note) rows.push({ label: t('card.note'), value: r.note });

  return (
    <Card variant="outlined" component="article" aria-labelledby={headingId}>
      <CardContent>
        <Stack spacing={1.5}>
          <Box>
            <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 600, lineHeight: 1.35 }}>
              {name}
            </Typography>
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mt: 0.5 }}>
              <Box aria-hidden sx={{ display: 'flex', color: status.colour }}>
                {status.icon}
              </Box>
              <Typography sx={{ fontWeight: 600 }}>{t(`status.${r.status}`)}</Typography>
            </Stack>
          </Box>
          {r.status === 'ready' && r.pickupQueueNumber !== null ? (
            <PickupQueue number={r.pickupQueueNumber} hospital={hospital} />
          ) : null}
          {r.status === 'ready' && r.pharmacy ? (
            <Alert severity="success" icon={<InventoryIcon />}>
              {t('card.readyAtPharmacy', { pharmacy: placeName(r.pharmacy, lang) })}
            </Alert>
          ) : null}
          {r.status === 'sent' && r.trackingNumber ? (
            <ParcelTracking refill={{ ...r, trackingNumber: r.trackingNumber }} />
          ) : null}
          {r.status === 'declined' ? (
            <Alert severity="warning">
              <Typography sx={{ fontWeight: 600 }}>
                <NamedText t={t} i18nKey="card.declineReason" values={{ name: r.declineReason ?? '' }} />
              </Typography>
              <Typography variant="body2">{t('card.declineAdvice')}</Typography>
            </Alert>
          ) : null}
          {r.approvedDays !== null && r.suppliedUntil ? (
            <Typography>
              {t('card.approved', { count: r.approvedDays, date: formatBuddhistDate(r.suppliedUntil, lang, 'short') })}
            </Typography>
          ) : null}
          <RefillSteps refill={r} />
          <DetailList rows={rows} />
          {onCancel ? (
            <Button
              variant="outlined"
              color="error"
              onClick={onCancel}
              aria-label={t('card.cancelNamed', { name })}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('card.cancel')}
            </Button>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The hospital pharmacy's queue number, the largest thing on the card: the patient reads it out at the counter. */
function PickupQueue({ number, hospital }: { number: number; hospital: string }) {
  const { t } = useRefillsTexts();
  return (
    <Box
      sx={{
        p: 2,
        borderRadius: 2,
        border: 2,
        borderColor: 'success.main',
        bgcolor: 'background.paper',
        textAlign: 'center',
      }}
    >
      <Typography sx={{ fontWeight: 600 }}>{t('card.queueTitle')}</Typography>
      <Typography sx={{ fontSize: '3.5rem', fontWeight: 700, lineHeight: 1.6 }}>{number}</Typography>
      <Typography variant="body2">{t('card.queueHow', { hospital })}</Typography>
    </Box>
  );
}
