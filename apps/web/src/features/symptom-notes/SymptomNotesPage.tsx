import type { SymptomNote } from '@klaimor/contracts';
import EditNoteIcon from '@mui/icons-material/EditNote';
import Stack from '@mui/material/Stack';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageTitle } from '../../components/PageTitle';
import { useRecordEditor, usualRecordTexts } from '../../components/use-record-editor';
import { apiErrorMessage } from '../../lib/error-messages';
import { formatBuddhistDate } from '../../lib/thai-date';
import { SymptomNoteCard } from './SymptomNoteCard';
import { SymptomNoteForm } from './SymptomNoteForm';
import { useRemoveSymptomNote, useSymptomNotes } from './symptom-notes.queries';
import { useSymptomNotesTexts } from './symptom-notes.texts';
import { PersonGate } from '../../session/PersonGate';
import { appLanguage } from '../../i18n/language';
import { useWhoseHeading } from '../../session/use-whose-heading';

/** /asd (also /symptoms): the dated symptom diary, newest first. */
export function SymptomNotesPage() {
  return (
    <PersonGate area="records">
      <SymptomNotesScreen />
    </PersonGate>
  );
}

function SymptomNotesScreen() {
  const { t, i18n } = useSymptomNotesTexts();
  const whose = useWhoseHeading();
  const lang = appLanguage(i18n);
  const notes = useSymptomNotes();
  const editor = useRecordEditor<SymptomNote>({
    texts: usualRecordTexts(
      (key) => t(key),
      (note) => t('confirmRemove.title', { date: formatBuddhistDate(note.date, lang, 'short') }),
    ),
    remove: useRemoveSymptomNote(),
    errorMessage: (error) => apiErrorMessage(t, error),
    form: (note, done) => <SymptomNoteForm note={note} {...done} />,
  });

  return (
    <Stack spacing={2.5}>
      <PageTitle subtitle={whose(t, 'subtitle')}>{whose(t, 'title')}</PageTitle>
      {notes.isPending ? (
        <LoadingState label={t('loading')} />
      ) : notes.data === undefined ? (
        <ErrorState onRetry={() => void notes.refetch()} />
      ) : notes.data.length === 0 ? (
        <EmptyState
          icon={<EditNoteIcon />}
          title={t('empty.title')}
          description={t('empty.body')}
          action={editor.addButton}
        />
      ) : (
        <>
          {editor.addButton}
          <Stack spacing={1.5}>
            {notes.data.map((note) => (
              <SymptomNoteCard
                key={note.id}
                note={note}
                onEdit={() => editor.edit(note)}
                onRemove={() => editor.askRemove(note)}
              />
            ))}
          </Stack>
        </>
      )}
      {editor.dialogs}
    </Stack>
  );
}
