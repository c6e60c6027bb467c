import {
  MESSAGE_TEXT_MAX,
  NewThreadBody,
  ReplyBody,
  assessSymptoms,
  type MessageFacility,
  type SentMessage,
} from '@klaimor/contracts';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useMemo, useState } from 'react';
import { useWatch, type FieldPath } from 'react-hook-form';
import { FormActions } from '../../components/FormActions';
import { useTextFields } from '../../components/use-text-fields';
import { apiErrorMessage, reasonMessage } from '../../lib/error-messages';
import { contractResolver } from '../../lib/form-resolver';
import { useContractForm } from '../../lib/use-contract-form';
import { EmergencyAdvice } from './EmergencyAdvice';
import { PhotoPicker } from './PhotoPicker';
import { useSendMessage } from './messages.queries';
import { useCareMessagesTexts } from './messages.texts';

interface NewThreadValues {
  facilityId: string;
  subject: string;
  text: string;
}
interface ReplyValues {
  text: string;
}

const newThreadResolver = contractResolver(NewThreadBody, (v: NewThreadValues) => v);
const replyResolver = contractResolver(ReplyBody, (v: ReplyValues) => v);

/** The red flags of what is typed, checked as the patient types (the server checks again when it is sent). */
function useRedFlags(typed: string) {
  const deferred = useDeferredValue(typed);
  return useMemo(() => assessSymptoms(deferred), [deferred]);
}

/** "12/2000": how much of the message's room is used. */
const countOf = (text: string | undefined) =>
  `${(text ?? '').length.toLocaleString('th-TH')}/${MESSAGE_TEXT_MAX.toLocaleString('th-TH')}`;

/** The place named by the link when the patient may write to it, else the only one, else none yet. */
function chosenFacility(facilities: MessageFacility[], named: string | null): string {
  if (named !== null && facilities.some((f) => f.id === named)) return named;
  return facilities.length === 1 ? facilities[0].id : '';
}

/** A new question to a facility's care team: where, about what, the words and photos; the stated reply time shown. */
export function NewThreadForm({
  facilities,
  about,
  onSent,
  onCancel,
}: {
  facilities: MessageFacility[];
  /** What the screen was opened about (a result's card names its place and subject); a place not listed is left out. */
  about: { facilityId: string | null; subject: string };
  onSent: (sent: SentMessage) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useCareMessagesTexts();
  const send = useSendMessage();
  const [photos, setPhotos] = useState<File[]>([]);
  const { form, formError, onSubmit } = useContractForm<NewThreadValues, NewThreadBody>({
    resolver: newThreadResolver,
    defaultValues: { facilityId: chosenFacility(facilities, about.facilityId), subject: about.subject, text: '' },
    fields: ['facilityId', 'subject', 'text'],
    errorMessage: (error) => apiErrorMessage(t, error),
  });
  const { control, register, getFieldState, formState } = form;
  const [facilityId, subject, text] = useWatch({ control, name: ['facilityId', 'subject', 'text'] });
  const assessment = useRedFlags(`${subject}\n${text}`);
  const messageOf = (name: FieldPath<NewThreadValues>) =>
    reasonMessage(t, getFieldState(name, formState).error?.message);
  const fields = useTextFields(register, 'new-message', messageOf);
  const chosen = facilities.find((f) => f.id === facilityId);
  const { ref: facilityRef, ...facilityField } = register('facilityId');
  const submit = onSubmit(async (body) =>
    onSent(
      await send.mutateAsync({
        start: { facilityId: body.facilityId, subject: body.subject },
        draft: { text: body.text, photos },
      }),
    ),
  );

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      <TextField
        select
        {...facilityField}
        value={facilityId}
        inputRef={facilityRef}
        id="new-message-facilityId"
        label={t('compose.facility')}
        required
        error={messageOf('facilityId') !== undefined}
        helperText={
          messageOf('facilityId') ??
          (chosen
            ? chosen.replyWithinHours
              ? t('compose.replyWithin', { count: chosen.replyWithinHours })
              : t('compose.noReplyTime')
            : t('compose.facilityHint'))
        }
      >
        {facilities.map((f) => (
          <MenuItem key={f.id} value={f.id}>
            {i18n.language.startsWith('en') ? f.nameEn : f.nameTh}
          </MenuItem>
        ))}
      </TextField>
      {fields('subject', t('compose.subject'), { required: true, wraps: true, hint: t('compose.subjectHint') })}
      {fields('text', t('compose.text'), {
        required: true,
        multiline: true,
        hint: `${t('compose.textHint')} ${countOf(text)}`,
      })}
      {assessment.emergency ? <EmergencyAdvice redFlags={assessment.redFlags} sent={false} /> : null}
      <PhotoPicker photos={photos} onChange={setPhotos} />
      <FormActions
        error={formError}
        busy={formState.isSubmitting}
        onCancel={onCancel}
        submitLabel={t('compose.send')}
      />
    </Stack>
  );
}

/** One more message in a thread: the words and photos, checked for red flags as they are typed. */
export function ReplyForm({ threadId, onSent }: { threadId: string; onSent: (sent: SentMessage) => void }) {
  const { t } = useCareMessagesTexts();
  const send = useSendMessage();
  const [photos, setPhotos] = useState<File[]>([]);
  const { form, formError, onSubmit } = useContractForm<ReplyValues, ReplyBody>({
    resolver: replyResolver,
    defaultValues: { text: '' },
    fields: ['text'],
    errorMessage: (error) => apiErrorMessage(t, error),
  });
  const { control, register, getFieldState, formState, reset } = form;
  const text = useWatch({ control, name: 'text' });
  const assessment = useRedFlags(text);
  const messageOf = (name: FieldPath<ReplyValues>) => reasonMessage(t, getFieldState(name, formState).error?.message);
  const fields = useTextFields(register, 'reply', messageOf);
  const submit = onSubmit(async (body) => {
    const sent = await send.mutateAsync({ threadId, draft: { text: body.text, photos } });
    reset({ text: '' });
    setPhotos([]);
    onSent(sent);
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(e) => void submit(e)}>
      {fields('text', t('thread.reply'), { required: true, multiline: true, hint: countOf(text) })}
      {assessment.emergency ? <EmergencyAdvice redFlags={assessment.redFlags} sent={false} /> : null}
      <PhotoPicker photos={photos} onChange={setPhotos} />
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      <Button type="submit" variant="contained" size="large" startIcon={<SendIcon />} loading={formState.isSubmitting}>
        {t('compose.send')}
      </Button>
    </Stack>
  );
}
