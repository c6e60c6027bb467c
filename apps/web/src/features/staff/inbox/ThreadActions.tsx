import type { StaffThread } from '@klaimor/contracts';
import DoneIcon from '@mui/icons-material/Done';
import ReplayIcon from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { isApiError } from '../../../api/client';
import { appLanguage } from '../../../i18n/language';
import { fieldMessage, staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { assigneeName } from './inbox-format';
import { useAssignThread, useInboxMembers, useSetThreadStatus } from './inbox.queries';

export interface ThreadActionsProps {
  facilityId: string;
  thread: StaffThread;
  memberId: string | undefined;
  /** A short confirmation for the screen's snackbar. */
  onDone: (notice: string) => void;
}

/**
 * Who has the thread ("มอบหมายให้": a member who answers messages here, or no one) and whether it is done; each
 * change is sent at once. A member refused by the server (no longer answering here) is said on the choice.
 */
export function ThreadActions({ facilityId, thread, memberId, onDone }: ThreadActionsProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const members = useInboxMembers(facilityId);
  const assign = useAssignThread(facilityId, thread.id);
  const setStatus = useSetThreadStatus(facilityId, thread.id);
  const [error, setError] = useState<{ on: 'assignee' | 'status'; error: unknown } | null>(null);

  // The one who has it stays a choice even when they no longer answer here, so the box shows who it is.
  const choices = [...(members.data ?? [])];
  if (thread.assignedTo && !choices.some((m) => m.id === thread.assignedTo?.id)) choices.push(thread.assignedTo);

  const choose = async (value: string) => {
    setError(null);
    try {
      const changed = await assign.mutateAsync({ memberId: value === '' ? null : value });
      onDone(
        changed.assignedTo
          ? t('inbox.assign.saved', { name: assigneeName(t, changed.assignedTo, memberId) })
          : t('inbox.assign.cleared'),
      );
    } catch (e) {
      setError({ on: 'assignee', error: e });
      // Refused for someone who no longer answers here: the choices are read again without them.
      if (isApiError(e, 'validation_failed')) void members.refetch();
    }
  };

  const toggleDone = async () => {
    setError(null);
    try {
      const changed = await setStatus.mutateAsync({ status: thread.status === 'open' ? 'done' : 'open' });
      onDone(t(changed.status === 'done' ? 'inbox.markedDone' : 'inbox.reopened'));
    } catch (e) {
      setError({ on: 'status', error: e });
    }
  };

  const assigneeError =
    error?.on === 'assignee' && isApiError(error.error, 'validation_failed')
      ? fieldMessage(t, 'memberId', error.error.fields.memberId)
      : undefined;
  const otherError = error && assigneeError === undefined ? staffErrorMessage(t, error.error, lang) : null;

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5 }}>
        <TextField
          select
          id={`assignee-${thread.id}`}
          size="small"
          label={t('inbox.assign.label')}
          value={thread.assignedTo?.id ?? ''}
          onChange={(e) => void choose(e.target.value)}
          disabled={assign.isPending}
          error={assigneeError !== undefined}
          helperText={assigneeError}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ width: 220, flex: '1 1 auto', maxWidth: 280 }}
        >
          <option value="">{t('inbox.assign.none')}</option>
          {choices.map((m) => (
            <option key={m.id} value={m.id}>
              {assigneeName(t, m, memberId)}
            </option>
          ))}
        </TextField>
        <Button
          variant={thread.status === 'open' ? 'contained' : 'outlined'}
          color={thread.status === 'open' ? 'success' : 'primary'}
          startIcon={thread.status === 'open' ? <DoneIcon /> : <ReplayIcon />}
          loading={setStatus.isPending}
          onClick={() => void toggleDone()}
        >
          {t(thread.status === 'open' ? 'inbox.markDone' : 'inbox.reopen')}
        </Button>
      </Box>
      {otherError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {otherError}
        </Alert>
      ) : null}
    </Box>
  );
}
