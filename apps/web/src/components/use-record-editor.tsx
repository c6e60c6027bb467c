import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { FormDialog } from './FormDialog';
import { NoticeSnackbar } from './NoticeSnackbar';

export interface RecordEditorTexts<T> {
  /** The add button, and the title of the form for a new record. */
  add: string;
  /** The title of the form for a record being changed. */
  editTitle: string;
  /** Said once a record is saved. */
  saved: string;
  /** Said once a record is removed (or a medicine stopped). */
  removed: string;
  /** The button that confirms the removal: ลบ, หยุดยา. */
  removeLabel: string;
  /** The question the confirmation asks about this record. */
  removeTitle: (record: T) => string;
  removeBody: string;
}

/** The keys under which a feature's texts usually name them (coverage, visits, symptom notes). */
type UsualKey = 'add' | 'editTitle' | 'saved' | 'removed' | 'remove' | 'confirmRemove.body';

/** The texts of a record list whose feature names them the usual way; only the removal's question is its own. */
export function usualRecordTexts<T>(
  say: (key: UsualKey) => string,
  removeTitle: (record: T) => string,
): RecordEditorTexts<T> {
  return {
    add: say('add'),
    editTitle: say('editTitle'),
    saved: say('saved'),
    removed: say('removed'),
    removeLabel: say('remove'),
    removeTitle,
    removeBody: say('confirmRemove.body'),
  };
}

/** What removing needs of a react-query mutation taking the record's id. */
export interface RemoveRecord {
  mutateAsync: (id: string) => Promise<unknown>;
  reset: () => void;
  isPending: boolean;
  error: unknown;
}

export interface RecordEditorOptions<T> {
  texts: RecordEditorTexts<T>;
  remove: RemoveRecord;
  /** A failure to remove, in the feature's words. */
  errorMessage: (error: unknown) => string;
  /** The add/edit form: `record` is null for a new one. */
  form: (record: T | null, done: { onCancel: () => void; onSaved: () => void }) => ReactNode;
}

export interface RecordEditor<T> {
  /** "+ add", opening the form for a new record. */
  addButton: ReactNode;
  edit: (record: T) => void;
  /** Asks before removing `record`. */
  askRemove: (record: T) => void;
  /** The form dialog, the removal's confirmation and the saved/removed notice: rendered once by the page. */
  dialogs: ReactNode;
}

/**
 * The wiring every record list repeats (coverage, visits, medicines, symptom notes): add and edit in a form dialog,
 * remove after a confirmation that shows why it failed, and a short notice once done.
 */
export function useRecordEditor<T extends { id: string }>({
  texts,
  remove,
  errorMessage,
  form,
}: RecordEditorOptions<T>): RecordEditor<T> {
  const [editing, setEditing] = useState<{ record: T | null } | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const close = () => setEditing(null);
  const confirmRemove = async (record: T) => {
    try {
      await remove.mutateAsync(record.id);
      setRemoving(null);
      setNotice(texts.removed);
    } catch {
      // The confirmation stays open and says why.
    }
  };

  return {
    addButton: (
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ record: null })}>
        {texts.add}
      </Button>
    ),
    edit: (record) => setEditing({ record }),
    askRemove: (record) => {
      remove.reset();
      setRemoving(record);
    },
    dialogs: (
      <>
        <FormDialog open={editing !== null} title={editing?.record ? texts.editTitle : texts.add} onClose={close}>
          {form(editing?.record ?? null, {
            onCancel: close,
            onSaved: () => {
              close();
              setNotice(texts.saved);
            },
          })}
        </FormDialog>
        <ConfirmDialog
          open={removing !== null}
          title={removing ? texts.removeTitle(removing) : ''}
          body={texts.removeBody}
          confirmLabel={texts.removeLabel}
          destructive
          busy={remove.isPending}
          error={remove.error ? errorMessage(remove.error) : null}
          onConfirm={() => {
            if (removing) void confirmRemove(removing);
          }}
          onClose={() => setRemoving(null)}
        />
        <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
      </>
    ),
  };
}
