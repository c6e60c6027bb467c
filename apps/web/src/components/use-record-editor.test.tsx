import { useMutation } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../i18n';
import { renderWithProviders } from '../test/render';
import { useRecordEditor } from './use-record-editor';

interface Note {
  id: string;
  text: string;
}

/** A record list in miniature: two notes, a form of two buttons, and a removal that goes to `removeOnServer`. */
function Notes({ removeOnServer }: { removeOnServer: (id: string) => Promise<void> }) {
  const remove = useMutation({ mutationFn: removeOnServer });
  const editor = useRecordEditor<Note>({
    texts: {
      add: 'เพิ่มบันทึก',
      editTitle: 'แก้ไขบันทึก',
      saved: 'บันทึกแล้ว',
      removed: 'ลบแล้ว',
      removeLabel: 'ลบ',
      removeTitle: (note) => `ลบ "${note.text}"?`,
      removeBody: 'ลบแล้วกู้คืนไม่ได้',
    },
    remove,
    errorMessage: () => 'ลบไม่สำเร็จ ลองอีกครั้ง',
    form: (note, done) => (
      <div>
        <p>{note ? `กำลังแก้ ${note.text}` : 'บันทึกใหม่'}</p>
        <button type="button" onClick={done.onSaved}>
          บันทึก
        </button>
        <button type="button" onClick={done.onCancel}>
          ไม่บันทึก
        </button>
      </div>
    ),
  });
  const notes: Note[] = [
    { id: 'n1', text: 'ปวดหัว' },
    { id: 'n2', text: 'ไอ' },
  ];
  return (
    <>
      {notes.map((note) => (
        <div key={note.id}>
          <button type="button" onClick={() => editor.edit(note)}>{`แก้ ${note.text}`}</button>
          <button type="button" onClick={() => editor.askRemove(note)}>{`ลบ ${note.text}`}</button>
        </div>
      ))}
      {editor.addButton}
      {editor.dialogs}
    </>
  );
}

/** Removes by pushing the id, after failing `failures` times. */
function fakeServer(failures: number) {
  const removed: string[] = [];
  let failuresLeft = failures;
  const remove = async (id: string) => {
    if (failuresLeft-- > 0) throw new Error('offline');
    removed.push(id);
  };
  return { removed, remove };
}

describe('the record editor', () => {
  it('opens the form for a new record and for a chosen one, and says when it is saved', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Notes removeOnServer={fakeServer(0).remove} />);

    await user.click(screen.getByRole('button', { name: 'เพิ่มบันทึก' }));
    const adding = await screen.findByRole('dialog', { name: 'เพิ่มบันทึก' });
    expect(within(adding).getByText('บันทึกใหม่')).toBeInTheDocument();
    await user.click(within(adding).getByRole('button', { name: 'ไม่บันทึก' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'แก้ ไอ' }));
    const editing = await screen.findByRole('dialog', { name: 'แก้ไขบันทึก' });
    expect(within(editing).getByText('กำลังแก้ ไอ')).toBeInTheDocument();
    await user.click(within(editing).getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText('บันทึกแล้ว')).toBeInTheDocument();
  });

  it('asks before removing, keeps asking with the reason when it fails, and says when it is removed', async () => {
    const user = userEvent.setup({ delay: null });
    const server = fakeServer(1);
    renderWithProviders(<Notes removeOnServer={server.remove} />);

    await user.click(screen.getByRole('button', { name: 'ลบ ปวดหัว' }));
    const asking = await screen.findByRole('dialog', { name: 'ลบ "ปวดหัว"?' });
    await user.click(within(asking).getByRole('button', { name: 'ลบ' }));
    expect(await within(asking).findByText('ลบไม่สำเร็จ ลองอีกครั้ง')).toBeInTheDocument();
    expect(server.removed).toEqual([]);

    await user.click(within(asking).getByRole('button', { name: 'ลบ' }));
    expect(await screen.findByText('ลบแล้ว')).toBeInTheDocument();
    expect(server.removed).toEqual(['n1']);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'ลบ "ปวดหัว"?' })).not.toBeInTheDocument());
  });
});
