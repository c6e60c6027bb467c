import type { Schedule, ScheduleTemplate } from '@klaimor/contracts';
import AddIcon from '@mui/icons-material/Add';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { FormDialog } from '../../../components/FormDialog';
import { NoticeSnackbar } from '../../../components/NoticeSnackbar';
import { appLanguage } from '../../../i18n/language';
import { LoadingState } from '../../../components/LoadingState';
import { useFacilityStaff } from '../admin/admin.queries';
import { useClinics } from '../shared/clinics.queries';
import { PanelSection } from '../shared/PanelSection';
import { staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { SessionForm } from './SessionForm';
import { SessionTable } from './SessionTable';
import { sessionName, splitSessions } from './schedule-format';
import { useRemoveSession, type SessionKind } from './schedule.queries';

export interface SessionsPanelProps {
  facilityId: string;
  schedule: Schedule;
  canEdit: boolean;
  /** Shows the slots one session made. */
  onPreview: (session: ScheduleTemplate) => void;
}

/** The weekly sessions and the extra sessions, added, changed and removed here by an admin. */
export function SessionsPanel({ facilityId, schedule, canEdit, onPreview }: SessionsPanelProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const { weekly, extra } = splitSessions(schedule.templates);
  const remove = useRemoveSession(facilityId);
  const clinics = useClinics(facilityId);
  const staff = useFacilityStaff(facilityId, canEdit);
  const clinicians = (staff.data ?? [])
    .filter((m) => m.roles.includes('clinician'))
    .map(({ id, displayName }) => ({ id, displayName }));
  const [editing, setEditing] = useState<{ kind: SessionKind; session: ScheduleTemplate | null } | null>(null);
  const [removing, setRemoving] = useState<{ kind: SessionKind; session: ScheduleTemplate } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync({ kind: removing.kind, id: removing.session.id });
      setRemoving(null);
      setNotice(t('sessions.removed'));
    } catch {
      // shown in the dialog
    }
  };

  const table = (kind: SessionKind, sessions: ScheduleTemplate[]) => (
    <SessionTable
      kind={kind}
      sessions={sessions}
      clinics={clinics.data ?? []}
      canEdit={canEdit}
      onPreview={onPreview}
      onEdit={(session) => setEditing({ kind, session })}
      onRemove={(session) => {
        remove.reset();
        setRemoving({ kind, session });
      }}
    />
  );
  const addButton = (kind: SessionKind) =>
    canEdit ? (
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ kind, session: null })}>
        {kind === 'weekly' ? t('sessions.addWeekly') : t('sessions.addExtra')}
      </Button>
    ) : null;

  return (
    <Stack spacing={4}>
      <PanelSection title={t('sessions.weeklyTitle')} intro={t('sessions.weeklyIntro')} actions={addButton('weekly')}>
        {weekly.length > 0 ? (
          table('weekly', weekly)
        ) : (
          <EmptyState
            icon={<EventRepeatIcon />}
            title={t('sessions.emptyWeekly')}
            description={canEdit ? t('sessions.emptyWeeklyAdmin') : t('sessions.emptyReadOnly')}
          />
        )}
      </PanelSection>
      <PanelSection title={t('sessions.extraTitle')} intro={t('sessions.extraIntro')} actions={addButton('extra')}>
        {extra.length > 0 ? table('extra', extra) : <EmptyState title={t('sessions.emptyExtra')} />}
      </PanelSection>
      <FormDialog
        open={editing !== null}
        title={
          editing?.kind === 'extra'
            ? editing.session
              ? t('sessions.editExtra')
              : t('sessions.addExtra')
            : editing?.session
              ? t('sessions.editWeekly')
              : t('sessions.addWeekly')
        }
        onClose={() => setEditing(null)}
      >
        {editing && clinics.isFetched && staff.isFetched ? (
          <SessionForm
            facilityId={facilityId}
            kind={editing.kind}
            session={editing.session}
            clinics={clinics.data ?? []}
            clinicians={clinicians}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              setNotice(t('sessions.saved'));
            }}
          />
        ) : editing ? (
          <LoadingState label={t('sessions.loadingChoices')} />
        ) : null}
      </FormDialog>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? t('sessions.confirmRemove.title', { name: sessionName(t, lang, removing.session) }) : ''}
        body={t('sessions.confirmRemove.body')}
        confirmLabel={t('sessions.remove')}
        destructive
        busy={remove.isPending}
        error={remove.isError ? staffErrorMessage(t, remove.error, lang) : null}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
