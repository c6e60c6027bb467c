import type { Clinic } from '@klaimor/contracts';
import AddIcon from '@mui/icons-material/Add';
import LocalHospitalIcon from '@mui/icons-material/LocalHospitalOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { FormDialog } from '../../../components/FormDialog';
import { LoadingState } from '../../../components/LoadingState';
import { NoticeSnackbar } from '../../../components/NoticeSnackbar';
import { appLanguage } from '../../../i18n/language';
import { clinicName, useClinics, useRemoveClinic } from '../shared/clinics.queries';
import { PanelSection } from '../shared/PanelSection';
import { StaffLoadError } from '../shared/StaffLoadError';
import { staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { ClinicForm } from './ClinicForm';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

export interface ClinicsPanelProps {
  facilityId: string;
  canEdit: boolean;
}

/** The facility's clinics: each has its own sessions and its own queue, whose numbers start with its letter. */
export function ClinicsPanel({ facilityId, canEdit }: ClinicsPanelProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const clinics = useClinics(facilityId);
  const remove = useRemoveClinic(facilityId);
  const [editing, setEditing] = useState<Clinic | 'new' | null>(null);
  const [removing, setRemoving] = useState<Clinic | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = clinics.data ?? [];
  const freeLetter = LETTERS.find((l) => !list.some((c) => c.queuePrefix === l)) ?? '';

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      setNotice(t('clinics.removed', { name: clinicName(removing, lang) }));
      setRemoving(null);
    } catch {
      // shown in the dialog
    }
  };

  const actions = canEdit ? (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
      {t('clinics.add')}
    </Button>
  ) : null;

  let body;
  if (clinics.isPending) body = <LoadingState label={t('clinics.loading')} />;
  else if (clinics.isError) body = <StaffLoadError error={clinics.error} onRetry={() => void clinics.refetch()} />;
  else if (list.length === 0)
    body = <EmptyState icon={<LocalHospitalIcon />} title={t('clinics.empty')} description={t('clinics.emptyBody')} />;
  else
    body = (
      <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
        <Table size="small" aria-label={t('clinics.listLabel')} sx={{ '& td, & th': { py: 1.25 } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('clinics.columns.letter')}</TableCell>
              <TableCell>{t('clinics.columns.name')}</TableCell>
              <TableCell>{t('clinics.columns.sessions')}</TableCell>
              {canEdit ? <TableCell align="right">{t('clinics.columns.actions')}</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((clinic) => (
              <TableRow key={clinic.id} hover>
                <TableCell sx={{ fontWeight: 700, fontSize: '1.1rem' }}>{clinic.queuePrefix}</TableCell>
                <TableCell>
                  {clinicName(clinic, lang)}
                  <Typography variant="body2" color="text.secondary" lang={lang === 'en' ? 'th' : 'en'}>
                    {lang === 'en' ? clinic.nameTh : clinic.nameEn}
                  </Typography>
                </TableCell>
                <TableCell>{t('clinics.sessions', { count: clinic.sessions })}</TableCell>
                {canEdit ? (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      onClick={() => setEditing(clinic)}
                      aria-label={t('clinics.renameNamed', { name: clinicName(clinic, lang) })}
                    >
                      {t('clinics.rename')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => {
                        remove.reset();
                        setRemoving(clinic);
                      }}
                      aria-label={t('clinics.removeNamed', { name: clinicName(clinic, lang) })}
                    >
                      {t('clinics.remove')}
                    </Button>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );

  return (
    <PanelSection title={t('clinics.title')} intro={t('clinics.intro')} actions={actions}>
      {body}
      <FormDialog
        open={editing !== null}
        title={editing === 'new' ? t('clinics.form.addTitle') : t('clinics.form.renameTitle')}
        onClose={() => setEditing(null)}
      >
        {editing !== null ? (
          <ClinicForm
            facilityId={facilityId}
            clinic={editing === 'new' ? null : editing}
            freeLetter={freeLetter}
            onCancel={() => setEditing(null)}
            onSaved={(clinic) => {
              setNotice(t(editing === 'new' ? 'clinics.added' : 'clinics.saved', { name: clinicName(clinic, lang) }));
              setEditing(null);
            }}
          />
        ) : null}
      </FormDialog>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? t('clinics.confirmRemove.title', { name: clinicName(removing, lang) }) : ''}
        body={t('clinics.confirmRemove.body')}
        confirmLabel={t('clinics.remove')}
        busy={remove.isPending}
        error={remove.isError ? staffErrorMessage(t, remove.error, lang) : null}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </PanelSection>
  );
}
