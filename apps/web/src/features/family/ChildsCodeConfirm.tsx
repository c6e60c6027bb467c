import type { CareLink } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { apiErrorMessage } from '../../lib/error-messages';
import { useConfirmWithChildsCode, useRequestLinkCode } from './family.queries';
import { useFamilyTexts } from './family.texts';

export interface ChildsCodeConfirmProps {
  link: CareLink;
  onNotice: (notice: string) => void;
}

/**
 * A parent's request to a minor who has an account of their own: the code goes to the child's phone (naming the
 * parent), the child reads it out, and the parent confirms with it. Anyone can claim to be a parent; the child's
 * own phone is what proves the child agrees.
 */
export function ChildsCodeConfirm({ link, onNotice }: ChildsCodeConfirmProps) {
  const { t } = useFamilyTexts();
  const requestCode = useRequestLinkCode();
  const confirm = useConfirmWithChildsCode();
  const [code, setCode] = useState('');
  const name = link.person.firstname;
  const failure = requestCode.error ?? confirm.error;

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2">{t('childCode.intro', { name })}</Typography>
      {requestCode.isSuccess ? (
        <>
          <Typography role="status">{t('childCode.sent', { name })}</Typography>
          <TextField
            id={`childs-code-${link.id}`}
            label={t('childCode.code')}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          />
        </>
      ) : null}
      {failure ? <Alert severity="error">{apiErrorMessage(t, failure)}</Alert> : null}
      {requestCode.isSuccess ? (
        <Button
          variant="contained"
          disabled={code.length !== 6}
          loading={confirm.isPending}
          onClick={() =>
            confirm.mutate(
              { linkId: link.id, body: { code } },
              { onSuccess: () => onNotice(t('childCode.confirmed', { name })) },
            )
          }
          sx={{ minHeight: 44 }}
        >
          {t('childCode.confirm')}
        </Button>
      ) : null}
      <Button
        variant={requestCode.isSuccess ? 'text' : 'contained'}
        loading={requestCode.isPending}
        onClick={() => requestCode.mutate(link.id)}
        sx={{ minHeight: 44 }}
      >
        {requestCode.isSuccess ? t('childCode.resend') : t('childCode.send', { name })}
      </Button>
    </Stack>
  );
}
