import type { AsNeededTake, ChecklistAsNeeded } from '@klaimor/contracts';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import MedicationLiquidOutlinedIcon from '@mui/icons-material/MedicationLiquidOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { apiErrorMessage } from '../../lib/error-messages';
import { writtenLanguage } from '../../lib/written-language';
import { asNeededParts, formatClock, formatUnits, medicineName } from './medications-format';
import { useRecordAsNeeded, useRemoveAsNeeded } from './medications.queries';
import { useMedicationsTexts } from './medications.texts';
import { isApiError } from '../../api/client';
import { useOnline } from './use-online';

/**
 * 'เมื่อมีไข้ ครั้งละ 1 เม็ด ไม่เกินวันละ 4 ครั้ง', what it is for marked as written in Thai when it is (on a screen in
 * English a screen reader reads the patient's own words in Thai, the rest in English).
 */
export function AsNeededLine({
  medicine,
}: {
  medicine: Pick<ChecklistAsNeeded, 'form' | 'reason' | 'amount' | 'maxPerDay'>;
}) {
  const { t } = useMedicationsTexts();
  const { reason, written, separator, rest } = asNeededParts(medicine, t);
  return (
    <>
      <span lang={written ? writtenLanguage(reason) : undefined}>{reason}</span>
      {separator}
      {rest}
    </>
  );
}

export interface AsNeededSectionProps {
  date: string;
  medicines: ChecklistAsNeeded[];
  /** Takings are recorded for today only (a past day's can still be removed). */
  isToday: boolean;
  /** Shown to a caregiver whose grant does not cover changing medicines: nothing can be recorded or removed. */
  readOnly?: boolean;
}

/**
 * The medicines taken only when needed ("ทานเมื่อมีอาการ"), apart from the doses due: each with what it is for, how
 * much, the day's takings against its daily maximum, a button to record one now and a way to remove one recorded by
 * mistake. Never a due dose: nothing here is "missed", and nothing is red.
 */
export function AsNeededSection({ date, medicines, isToday, readOnly = false }: AsNeededSectionProps) {
  const { t } = useMedicationsTexts();
  const headingId = useId();
  const online = useOnline();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 600 }}>
        {t('asNeeded.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('asNeeded.intro')}
      </Typography>
      {readOnly ? null : !isToday ? (
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {t('asNeeded.pastDay')}
        </Typography>
      ) : !online ? (
        <Alert severity="info" icon={<CloudOffOutlinedIcon />} role="status" sx={{ mb: 1.5 }}>
          {t('asNeeded.offline')}
        </Alert>
      ) : null}
      <Stack spacing={1.5}>
        {medicines.map((medicine) => (
          <AsNeededCard
            key={medicine.medicationId}
            date={date}
            medicine={medicine}
            isToday={isToday}
            readOnly={readOnly}
            online={online}
          />
        ))}
      </Stack>
    </Box>
  );
}

interface AsNeededCardProps {
  date: string;
  medicine: ChecklistAsNeeded;
  isToday: boolean;
  readOnly: boolean;
  online: boolean;
}

function AsNeededCard({ date, medicine, isToday, readOnly, online }: AsNeededCardProps) {
  const { t } = useMedicationsTexts();
  const record = useRecordAsNeeded();
  const remove = useRemoveAsNeeded();
  const [removing, setRemoving] = useState<AsNeededTake | null>(null);
  const noteId = useId();
  const name = medicineName(medicine);
  const taken = medicine.takes.length;
  const full = taken >= medicine.maxPerDay;

  const recordError = record.error;
  // The day's maximum reached elsewhere (another phone, a caregiver): the server's count is read again and said.
  const refusal = isApiError(recordError, 'as_needed_limit')
    ? t('asNeeded.limitReached', { max: medicine.maxPerDay })
    : isApiError(recordError, 'network_error')
      ? t('asNeeded.offline')
      : recordError
        ? apiErrorMessage(t, recordError)
        : null;

  const closeRemoval = () => {
    setRemoving(null);
    remove.reset();
  };

  return (
    <Card variant="outlined" component="article" aria-label={name}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Box
            aria-hidden
            sx={{
              width: 40,
              height: 40,
              flex: '0 0 40px',
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(106,166,255,0.15)',
              color: 'primary.dark',
            }}
          >
            <MedicationLiquidOutlinedIcon />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.35 }}>
              {name}
            </Typography>
            <Typography>
              <AsNeededLine medicine={medicine} />
            </Typography>
            {medicine.instructions ? (
              <Typography variant="body2" color="text.secondary" lang={writtenLanguage(medicine.instructions)}>
                {medicine.instructions}
              </Typography>
            ) : null}
            {medicine.stock !== null ? (
              <Typography variant="body2" color="text.secondary">
                {medicine.stock === 0
                  ? t('stock.runOut')
                  : t('stock.left', { amount: formatUnits(medicine.stock, medicine.form, t) })}
              </Typography>
            ) : null}
          </Box>
        </Stack>

        <Box aria-live="polite" sx={{ mt: 1.5 }}>
          {taken > 0 ? (
            <Typography sx={{ fontWeight: 600 }}>
              {t(isToday ? 'asNeeded.takenToday' : 'asNeeded.takenThatDay', { taken, max: medicine.maxPerDay })}
            </Typography>
          ) : null}
        </Box>
        {taken > 0 ? (
          <Stack
            component="ul"
            aria-label={t('asNeeded.takesLabel', { name })}
            spacing={0.5}
            sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}
          >
            {medicine.takes.map((take) => {
              const time = formatClock(take.takenAt);
              return (
                <Stack
                  component="li"
                  key={take.id}
                  direction="row"
                  sx={{
                    alignItems: 'center',
                    justifyContent: 'space-between',
                    flexWrap: 'wrap',
                    columnGap: 1,
                    borderBottom: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Typography>
                    {t('asNeeded.take', { time, amount: formatUnits(take.amount, medicine.form, t) })}
                  </Typography>
                  {readOnly ? null : (
                    <Button
                      onClick={() => setRemoving(take)}
                      aria-label={t('asNeeded.removeNamed', { time, name })}
                      sx={{ ml: 'auto' }}
                    >
                      {t('asNeeded.remove')}
                    </Button>
                  )}
                </Stack>
              );
            })}
          </Stack>
        ) : null}

        {refusal ? (
          <Alert severity="info" onClose={() => record.reset()} sx={{ mt: 1.5 }} role="alert">
            {refusal}
          </Alert>
        ) : full && isToday ? (
          // Alert's own info icon: importing the icon here too would split it out of the start page's first chunk.
          <Alert id={noteId} severity="info" role="status" sx={{ mt: 1.5 }}>
            {t('asNeeded.maxReached', { max: medicine.maxPerDay })}
          </Alert>
        ) : null}

        {!readOnly && isToday ? (
          <Button
            variant="contained"
            size="large"
            fullWidth
            startIcon={<CheckCircleOutlinedIcon />}
            disabled={!online || full}
            loading={record.isPending}
            aria-label={t('asNeeded.recordNamed', { name })}
            aria-describedby={full && !refusal ? noteId : undefined}
            onClick={() => {
              record.reset();
              record.mutate({ date, medicationId: medicine.medicationId });
            }}
            sx={{ mt: 1.5, minHeight: 52 }}
          >
            {t('asNeeded.record')}
          </Button>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        title={t('asNeeded.confirmRemove.title', { time: removing ? formatClock(removing.takenAt) : '' })}
        body={t('asNeeded.confirmRemove.body')}
        confirmLabel={t('asNeeded.confirmRemove.confirm')}
        destructive
        busy={remove.isPending}
        error={remove.isError ? apiErrorMessage(t, remove.error) : null}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id, { onSuccess: closeRemoval });
        }}
        onClose={closeRemoval}
      />
    </Card>
  );
}
