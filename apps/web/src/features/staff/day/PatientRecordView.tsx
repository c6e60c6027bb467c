import { FIXED_DOSE_TIMES, type Medication, type Visit } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { DetailList } from '../../../components/DetailList';
import { LoadingState } from '../../../components/LoadingState';
import { appLanguage } from '../../../i18n/language';
import { formatBuddhistDate, type DateLanguage } from '../../../lib/thai-date';
import { StaffLoadError } from '../shared/StaffLoadError';
import { useStaffTexts } from '../staff.texts';
import { isApiError } from '../../../api/client';
import { BreakGlassForm } from './BreakGlassForm';
import { genderText } from './day-format';
import { usePatientRecord } from './day.queries';

type StaffT = TFunction<'staff'>;

/** 'หลังอาหารเช้า 1 · ก่อนนอน 1': the units at each time of day that has any. */
export function dosesText(t: StaffT, doses: Medication['doses']): string {
  return FIXED_DOSE_TIMES.filter((time) => doses[time] > 0)
    .map((time) => `${t(`visit.${time}`)} ${doses[time]}`)
    .join(' · ');
}

function medicationLine(t: StaffT, m: Medication, lang: DateLanguage): string {
  const parts = [dosesText(t, m.doses)];
  if (m.customDose) parts.push(`${m.customDose.label} ${m.customDose.amount}`);
  if (m.endDate) parts.push(t('record.until', { date: formatBuddhistDate(m.endDate, lang, 'short') }));
  return parts.filter(Boolean).join(' · ');
}

function visitLine(t: StaffT, v: Visit): string {
  return [
    v.diagnosis ?? v.symptoms,
    v.icd10 ? `ICD-10 ${v.icd10}` : null,
    v.source === 'screening' ? t('record.screening') : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export interface PatientRecordViewProps {
  facilityId: string;
  appointmentId: string;
  /** Hides the record again; without it (beside the visit form) the record stays. */
  onHide?: () => void;
}

/** The record a clinician opened (audited, and shown to the patient): who, their current medicines and their visits. */
export function PatientRecordView({ facilityId, appointmentId, onHide }: PatientRecordViewProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const record = usePatientRecord(facilityId, appointmentId, true);

  if (record.isPending) return <LoadingState label={t('record.loading')} />;
  if (isApiError(record.error, 'record_outside_care'))
    return <BreakGlassForm facilityId={facilityId} appointmentId={appointmentId} onCancel={onHide} />;
  if (record.isError) return <StaffLoadError error={record.error} onRetry={() => void record.refetch()} />;

  const { patient, medications, visits, openedAs } = record.data;
  const current = medications.filter((m) => m.status !== 'ended');
  const gender = genderText(t, patient.gender);

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('record.title')}
          </Typography>
          {onHide ? (
            <Button size="small" onClick={onHide}>
              {t('record.hide')}
            </Button>
          ) : null}
        </Box>
        {openedAs === 'break_glass' ? (
          <Alert severity="warning">{t('record.outsideCare.opened')}</Alert>
        ) : (
          <Alert severity="info">{t('appointment.recordNotice')}</Alert>
        )}
        <DetailList
          rows={[
            { label: t('record.name'), value: patient.name },
            { label: t('record.age'), value: t('day.age', { count: patient.age }) },
            { label: t('record.gender'), value: gender },
            { label: t('record.bloodGroup'), value: patient.bloodGroup ?? t('record.unknown') },
          ]}
        />
        <Box>
          <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 600, mb: 0.5 }}>
            {t('record.medications')}
          </Typography>
          {current.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('record.noMedications')}
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {current.map((m) => (
                <li key={m.id}>
                  <Typography variant="body2">
                    <Box component="span" sx={{ fontWeight: 600 }}>
                      {[m.name, m.strength].filter(Boolean).join(' ')}
                    </Box>{' '}
                    {medicationLine(t, m, lang)}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </Box>
        <Box>
          <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 600, mb: 0.5 }}>
            {t('record.visits')}
          </Typography>
          {visits.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('record.noVisits')}
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {visits.map((v) => (
                <li key={`${v.source}-${v.id}`}>
                  <Typography variant="body2">
                    <Box component="span" sx={{ fontWeight: 600 }}>
                      {formatBuddhistDate(v.date, lang, 'short')} {v.facility.name}
                    </Box>
                    {visitLine(t, v) ? ` · ${visitLine(t, v)}` : null}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}
