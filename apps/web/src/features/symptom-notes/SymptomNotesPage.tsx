import type { SymptomNote } from '@klaimor/contracts';
import AddIcon from '@mui/icons-material/Add';
import EditNoteIcon from '@mui/icons-material/EditNote';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { FormDialog } from '../../components/FormDialog';
import { LoadingState } from '../../components/LoadingState';
import { PageTitle } from '../../components/PageTitle';
import { NoticeSnackbar } from '../../components/NoticeSnackbar';
import { apiErrorMessage } from '../../lib/error-messages';
import { formatBuddhistDate } from '../../lib/thai-date';
import { SymptomNoteCard } from './SymptomNoteCard';
import { SymptomNoteForm } from './SymptomNoteForm';
import { useRemoveSymptomNote, useSymptomNotes } from './symptom-notes.queries';
import { useSymptomNotesTexts } from './symptom-notes.texts';

/** /asd (also /symptoms): the dated symptom diary, newest first. */
export function SymptomNotesPage() {
  const { t, i18n } = useSymptomNotesTexts();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'th';
  const notes = useSymptomNotes();
  const remove = useRemoveSymptomNote();
  const [editing, setEditing] = useState<{ note: SymptomNote | null } | null>(null);
  const [removing, setRemoving] = useState<SymptomNote | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      setRemoving(null);
      setNotice(t('removed'));
    } catch {
      // shown in the dialog
    }
  };

  const addButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ note: null })}>
      {t('add')}
    </Button>
  );

  return (
    <Stack spacing={2.5}>
      <PageTitle subtitle={t('subtitle')}>{t('title')}</PageTitle>
      {notes.isPending ? (
        <LoadingState label={t('loading')} />
      ) : notes.isError ? (
        <ErrorState onRetry={() => void notes.refetch()} />
      ) : notes.data.length === 0 ? (
        <EmptyState icon={<EditNoteIcon />} title={t('empty.title')} description={t('empty.body')} action={addButton} />
      ) : (
        <>
          {addButton}
          <Stack spacing={1.5}>
            {notes.data.map((note) => (
              <SymptomNoteCard
                key={note.id}
                note={note}
                onEdit={() => setEditing({ note })}
                onRemove={() => {
                  remove.reset();
                  setRemoving(note);
                }}
              />
            ))}
          </Stack>
        </>
      )}
      <FormDialog open={editing !== null} title={editing?.note ? t('editTitle') : t('add')} onClose={() => setEditing(null)}>
        <SymptomNoteForm
          note={editing?.note ?? null}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setNotice(t('saved'));
          }}
        />
      </FormDialog>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? t('confirmRemove.title', { date: formatBuddhistDate(removing.date, lang, 'short') }) : ''}
        body={t('confirmRemove.body')}
        confirmLabel={t('remove')}
        destructive
        busy={remove.isPending}
        error={remove.isError ? apiErrorMessage(t, remove.error) : null}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
