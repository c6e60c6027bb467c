import { MESSAGE_TEXT_MAX, ReplyBody } from '@klaimor/contracts';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useWatch } from 'react-hook-form';
import { appLanguage } from '../../../i18n/language';
import { contractResolver } from '../../../lib/form-resolver';
import { useContractForm } from '../../../lib/use-contract-form';
import { fieldMessage, staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { useReplyToThread } from './inbox.queries';

interface ReplyValues {
  text: string;
}

const resolver = contractResolver(ReplyBody, (v: ReplyValues) => ({ text: v.text }));

export interface ReplyFormProps {
  facilityId: string;
  threadId: string;
  /** No one has the thread yet: replying makes it the member's, which the hint says. */
  unassigned: boolean;
  onSent: () => void;
}

/**
 * The member's reply, checked with the shared ReplyBody (at most MESSAGE_TEXT_MAX characters, counted as typed). The
 * patient is notified; the box empties once it is sent.
 */
export function ReplyForm({ facilityId, threadId, unassigned, onSent }: ReplyFormProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const reply = useReplyToThread(facilityId, threadId);
  const { form, formError, onSubmit } = useContractForm<ReplyValues, ReplyBody>({
    resolver,
    defaultValues: { text: '' },
    fields: ['text'],
    errorMessage: (error) => staffErrorMessage(t, error, lang),
  });
  const {
    control,
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const text = useWatch({ control, name: 'text' });
  const { ref, ...field } = register('text');
  const message = fieldMessage(t, 'text', errors.text?.message);
  const send = onSubmit(async (body) => {
    await reply.mutateAsync(body);
    reset({ text: '' });
    onSent();
  });

  return (
    <Box component="form" noValidate onSubmit={(e) => void send(e)}>
      <TextField
        {...field}
        inputRef={ref}
        id={`reply-${threadId}`}
        label={t('inbox.reply.label')}
        required
        fullWidth
        multiline
        minRows={2}
        maxRows={6}
        error={message !== undefined}
        helperText={
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <span>{message ?? t(unassigned ? 'inbox.reply.hintTakes' : 'inbox.reply.hint')}</span>
            <Box component="span" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {t('inbox.reply.count', { count: text.length, max: MESSAGE_TEXT_MAX })}
            </Box>
          </Box>
        }
        slotProps={{ htmlInput: { maxLength: MESSAGE_TEXT_MAX } }}
      />
      {formError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {formError}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button type="submit" variant="contained" endIcon={<SendIcon />} loading={isSubmitting}>
          {t('inbox.reply.send')}
        </Button>
      </Box>
    </Box>
  );
}
