import type { VisitRecordInput } from '@klaimor/contracts';
import Box from '@mui/material/Box';
import { useStaffTexts } from '../staff.texts';
import { ConsultationForm } from './ConsultationForm';
import { PatientRecordView } from './PatientRecordView';
import { usePatientRecord } from './day.queries';

export interface VisitBesideRecordProps {
  facilityId: string;
  appointmentId: string;
  onSubmit: (body: VisitRecordInput) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The clinician writes the visit with the patient's record in view: side by side on a desktop (the record keeps its
 * place while the form scrolls), the record above the form on a narrower screen. The record is the one already opened
 * for this appointment (a cached copy: opening it again here records nothing new).
 */
export function VisitBesideRecord({ facilityId, appointmentId, onSubmit, onCancel }: VisitBesideRecordProps) {
  const { t } = useStaffTexts();
  // The record the panel beside shows (one cached copy): its allergies are checked against each drug prescribed.
  const record = usePatientRecord(facilityId, appointmentId, true);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
        gap: 3,
        alignItems: 'start',
      }}
    >
      <Box
        component="section"
        aria-label={t('record.title')}
        sx={{ position: { md: 'sticky' }, top: 0, maxHeight: { md: 'calc(100vh - 160px)' }, overflowY: { md: 'auto' } }}
      >
        <PatientRecordView facilityId={facilityId} appointmentId={appointmentId} />
      </Box>
      <Box component="section" aria-label={t('visit.formLabel')}>
        <ConsultationForm
          allergies={record.data?.allergies}
          conditions={record.data?.conditions}
          onSubmit={onSubmit}
          onCancel={onCancel}
        />
      </Box>
    </Box>
  );
}
