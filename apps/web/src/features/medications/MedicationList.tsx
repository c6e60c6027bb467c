import { type Medication, todayInBangkok } from '@klaimor/contracts';
import EditIcon from '@mui/icons-material/Edit';
import MedicationIcon from '@mui/icons-material/Medication';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBuddhistDate } from '../../lib/thai-date';
import { AsNeededLine } from './AsNeededSection';
import { RefillOffer } from './RefillOffer';
import { formatUnits, medicineName, scheduleLines } from './medications-format';
import { useMedicationsTexts } from './medications.texts';
import { appLanguage } from '../../i18n/language';
import { writtenLanguage } from '../../lib/written-language';

const STATUS_COLOUR = { active: 'success', upcoming: 'info', ended: 'default' } as const;

export interface MedicationCardProps {
  medication: Medication;
  onEdit: () => void;
  onStop: () => void;
  /** Shown to a caregiver whose grant does not cover changing medicines: no edit or stop. */
  readOnly?: boolean;
}

/** One medication: what, how much at which times, from when to when, and how much is left. */
export function MedicationCard({ medication: m, onEdit, onStop, readOnly = false }: MedicationCardProps) {
  const { t, i18n } = useMedicationsTexts();
  const lang = appLanguage(i18n);
  const name = medicineName(m);
  const date = (iso: string) => formatBuddhistDate(iso, lang, 'short');
  const schedule = scheduleLines(m, t);
  const ended = m.status === 'ended';
  const stockText =
    m.stock === null
      ? null
      : m.daysOfStockLeft !== null
        ? t('stock.leftDays', { amount: formatUnits(m.stock, m.form, t), days: m.daysOfStockLeft })
        : t('stock.left', { amount: formatUnits(m.stock, m.form, t) });

  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={name}
      sx={{ bgcolor: ended ? 'grey.50' : 'background.paper' }}
    >
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', flexWrap: 'wrap', gap: 1.5 }}>
          <Box
            aria-hidden
            sx={{
              width: 40,
              height: 40,
              flex: '0 0 40px',
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: ended ? 'grey.200' : 'rgba(106,166,255,0.15)',
              color: ended ? 'text.secondary' : 'primary.dark',
            }}
          >
            <MedicationIcon />
          </Box>
          {/* In rem, so at large text the status goes under the name rather than over it. */}
          <Box sx={{ flex: '1 1 8rem', minWidth: 0 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.35 }}>
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`forms.${m.form}`)}
            </Typography>
          </Box>
          {m.correction ? (
            <Chip
              size="small"
              label={t(`list.correction.${m.correction.status}`)}
              color={m.correction.status === 'entered_in_error' ? 'error' : 'warning'}
            />
          ) : (
            <Chip size="small" label={t(`list.status.${m.status}`)} color={STATUS_COLOUR[m.status]} />
          )}
        </Stack>
        <Stack component="ul" spacing={0.25} sx={{ mt: 1.5, mb: 0, pl: 2.5 }}>
          {schedule.map((s) => (
            <Typography component="li" variant="body2" key={s.key}>
              {s.key === 'asNeeded' && m.asNeeded ? (
                <AsNeededLine medicine={{ form: m.form, ...m.asNeeded }} />
              ) : (
                s.text
              )}
            </Typography>
          ))}
        </Stack>
        {m.correction ? (
          // A corrected prescription's doses ended the day before its correction: the correction says when and why.
          <Alert severity={m.correction.status === 'entered_in_error' ? 'error' : 'info'} sx={{ mt: 1, py: 0 }}>
            <Typography variant="body2">
              {t(
                m.correction.status === 'entered_in_error'
                  ? 'list.correction.enteredInErrorOn'
                  : 'list.correction.amendedOn',
                { date: date(todayInBangkok(new Date(m.correction.at))) },
              )}
            </Typography>
            <Typography variant="body2">{t('list.correction.reason', { reason: m.correction.reason })}</Typography>
          </Alert>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {m.endDate
              ? t('list.range', { from: date(m.startDate), to: date(m.endDate) })
              : t('list.fromOngoing', { date: date(m.startDate) })}
          </Typography>
        )}
        {m.replaces ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('list.correction.replaces')}
          </Typography>
        ) : null}
        {m.instructions ? (
          <Typography variant="body2" lang={writtenLanguage(m.instructions)} sx={{ mt: 0.5 }}>
            {m.instructions}
          </Typography>
        ) : null}
        {m.prescribedBy ? (
          <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
            {t('list.prescribedBy', {
              hospital: lang === 'en' ? m.prescribedBy.hospital.nameEn : m.prescribedBy.hospital.nameTh,
            })}
          </Typography>
        ) : null}
        {stockText ? (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {stockText}
          </Typography>
        ) : null}
        {m.runningLow ? (
          <Alert severity="warning" icon={<WarningAmberIcon fontSize="inherit" />} sx={{ mt: 1, py: 0 }}>
            {m.stock === 0 ? t('stock.runOut') : t('stock.runningLow', { days: m.daysOfStockLeft ?? 0 })}
          </Alert>
        ) : null}
        {/* Asking for more is a change to the medicines: not for a caregiver who may only see them. */}
        {m.refillOffered && !readOnly ? <RefillOffer medication={m} /> : null}
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', pt: 0, display: readOnly ? 'none' : undefined }}>
        {m.prescribedBy ? null : (
          <Button size="small" startIcon={<EditIcon />} onClick={onEdit} aria-label={t('list.editNamed', { name })}>
            {t('list.edit')}
          </Button>
        )}
        {ended ? null : (
          <Button
            size="small"
            color="error"
            startIcon={<StopCircleIcon />}
            onClick={onStop}
            aria-label={t('list.stopNamed', { name })}
          >
            {t('list.stop')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
