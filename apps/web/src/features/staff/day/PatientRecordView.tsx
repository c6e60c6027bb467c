import type { Medication, Visit } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { DetailList } from '../../../components/DetailList';
import { LoadingState } from '../../../components/LoadingState';
import { appLanguage } from '../../../i18n/language';
import { formatBuddhistDate, type DateLanguage } from '../../../lib/thai-date';
import { StaffLoadError } from '../shared/StaffLoadError';
import { useStaffTexts } from '../staff.texts';
import { isApiError } from '../../../api/client';
import { BreakGlassForm } from './BreakGlassForm';
import { type CorrectionKind, CorrectionForm, type CorrectionTarget } from './CorrectionForm';
import { genderText } from './day-format';
import { scheduleText, unitsText } from './dose-way';
import { HealthBackgroundPanel } from './HealthBackgroundPanel';
import { HomeReadingsPanel } from './HomeReadingsPanel';
import { ResultsPanel } from './ResultsPanel';
import { usePatientRecord } from './day.queries';

type StaffT = TFunction<'staff'>;

function medicationLine(t: StaffT, m: Medication, lang: DateLanguage): string {
  const parts = [scheduleText(t, m)];
  if (m.prescribedBy && !m.atcCode) parts.push(t('record.notListed'));
  if (m.customDose) parts.push(`${m.customDose.label} ${unitsText(t, m.customDose.amount, m.form)}`);
  if (m.endDate) parts.push(t('record.until', { date: formatBuddhistDate(m.endDate, lang, 'short') }));
  return parts.filter(Boolean).join(' · ');
}

function visitLine(t: StaffT, v: Visit): string {
  return [
    v.diagnosis ?? v.symptoms,
    v.icd10 ? `ICD-10 ${v.icd10}` : null,
    v.source === 'screening' ? t('record.screening') : null,
    v.correction ? t(`correction.${v.correction.status}`) : null,
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

/** "แก้ไข" and "บันทึกผิดพลาด" beside an entry of this visit, each naming what it corrects. */
function CorrectionButtons({
  amendLabel,
  inErrorLabel,
  onChoose,
}: {
  amendLabel: string;
  inErrorLabel: string;
  onChoose: (kind: CorrectionKind) => void;
}) {
  const { t } = useStaffTexts();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
      <Button size="small" variant="outlined" aria-label={amendLabel} onClick={() => onChoose('amend')}>
        {t('correction.amend')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        aria-label={inErrorLabel}
        onClick={() => onChoose('entered-in-error')}
      >
        {t('correction.enteredInError')}
      </Button>
    </Box>
  );
}

/**
 * The record a clinician opened (audited, and shown to the patient): who, their allergies and conditions, their test
 * results at this facility (held ones first), their current medicines and their visits.
 * The visit recorded at this appointment and its prescriptions still in force may be corrected here, with a reason.
 */
export function PatientRecordView({ facilityId, appointmentId, onHide }: PatientRecordViewProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const record = usePatientRecord(facilityId, appointmentId, true);
  const [correcting, setCorrecting] = useState<{ target: CorrectionTarget; kind: CorrectionKind } | null>(null);
  const [corrected, setCorrected] = useState<string | null>(null);

  if (record.isPending) return <LoadingState label={t('record.loading')} />;
  if (isApiError(record.error, 'record_outside_care'))
    return <BreakGlassForm facilityId={facilityId} appointmentId={appointmentId} onCancel={onHide} />;
  if (record.isError) return <StaffLoadError error={record.error} onRetry={() => void record.refetch()} />;

  const { patient, medications, visits, openedAs } = record.data;
  const current = medications.filter((m) => m.status !== 'ended');
  // What this appointment recorded, as it now stands: a visit entered in error, or a replaced prescription, is done.
  const thisVisit = visits.find((v) => v.source === 'screening' && v.id === appointmentId && v.version !== null);
  const prescribedHere = medications.filter((m) => m.prescribedBy?.appointmentId === appointmentId && !m.correction);
  const choose = (target: CorrectionTarget) => (kind: CorrectionKind) => {
    setCorrected(null);
    setCorrecting({ target, kind });
  };
  const isCorrecting = (target: CorrectionTarget) =>
    correcting !== null &&
    (correcting.target.of === 'visit'
      ? target.of === 'visit'
      : target.of === 'prescription' &&
        correcting.target.of === 'prescription' &&
        correcting.target.medication.id === target.medication.id);
  const form = (target: CorrectionTarget) =>
    correcting && isCorrecting(target) ? (
      <CorrectionForm
        key={`${correcting.kind}-${target.of === 'visit' ? 'visit' : target.medication.id}`}
        facilityId={facilityId}
        appointmentId={appointmentId}
        target={target}
        kind={correcting.kind}
        allergies={record.data.allergies}
        onDone={(message) => {
          setCorrecting(null);
          setCorrected(message);
        }}
        onCancel={() => setCorrecting(null)}
      />
    ) : null;
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
        <HealthBackgroundPanel
          facilityId={facilityId}
          appointmentId={appointmentId}
          allergies={record.data.allergies}
          conditions={record.data.conditions}
          canChange={openedAs === 'care'}
        />
        {/* In care only: results are read and recorded for the visit in care, never on a record opened with a reason. */}
        {openedAs === 'care' ? <ResultsPanel facilityId={facilityId} appointmentId={appointmentId} /> : null}
        {openedAs === 'care' ? <HomeReadingsPanel facilityId={facilityId} appointmentId={appointmentId} /> : null}
        {thisVisit ? (
          <Box component="section" aria-label={t('record.thisVisit')}>
            <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 600, mb: 0.5 }}>
              {t('record.thisVisit')}
            </Typography>
            <Typography variant="body2">
              {visitLine(t, thisVisit)}{' '}
              {thisVisit.correction ? (
                <Chip
                  size="small"
                  color={thisVisit.correction.status === 'entered_in_error' ? 'error' : 'warning'}
                  label={t(`correction.${thisVisit.correction.status}`)}
                />
              ) : null}
            </Typography>
            {thisVisit.correction?.status === 'entered_in_error' ? null : (
              <CorrectionButtons
                amendLabel={t('correction.amendVisitNamed')}
                inErrorLabel={t('correction.visitInErrorNamed')}
                onChoose={choose({ of: 'visit', visit: thisVisit })}
              />
            )}
            {form({ of: 'visit', visit: thisVisit })}
            {prescribedHere.length > 0 ? (
              <>
                <Typography variant="subtitle2" component="h5" sx={{ fontWeight: 600, mt: 1.5, mb: 0.5 }}>
                  {t('record.prescribedHere')}
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {prescribedHere.map((m) => {
                    const name = [m.name, m.strength].filter(Boolean).join(' ');
                    return (
                      <li key={m.id}>
                        <Typography variant="body2">
                          <Box component="span" sx={{ fontWeight: 600 }}>
                            {name}
                          </Box>{' '}
                          {medicationLine(t, m, lang)}
                        </Typography>
                        <CorrectionButtons
                          amendLabel={t('correction.amendNamed', { name })}
                          inErrorLabel={t('correction.inErrorNamed', { name })}
                          onChoose={choose({ of: 'prescription', medication: m })}
                        />
                        {form({ of: 'prescription', medication: m })}
                      </li>
                    );
                  })}
                </Box>
              </>
            ) : null}
            {corrected ? (
              <Alert severity="success" sx={{ mt: 1 }}>
                {corrected}
              </Alert>
            ) : null}
          </Box>
        ) : null}
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
