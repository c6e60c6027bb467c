import type { CareLink } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { apiErrorMessage } from '../../lib/error-messages';
import { ScopeFields } from './ScopeFields';
import { ReportNotMyParent } from './ReportNotMyParent';
import { useAcceptCare, useRequestLinkCode, useRevokeCare } from './family.queries';
import { useCareTexts } from '../../i18n/care/care.texts';
import { useFamilyTexts } from './family.texts';

export interface InvitationCardProps {
  link: CareLink;
  onNotice: (notice: string) => void;
}

/**
 * An invitation waiting for the signed-in patient: choose what the caregiver may do, have a code sent to one's own
 * phone and accept with it; or decline; a minor asked by someone claiming to be their parent may report it.
 */
export function InvitationCard({ link, onNotice }: InvitationCardProps) {
  const { t } = useFamilyTexts();
  const { t: careText } = useCareTexts();
  const requestCode = useRequestLinkCode();
  const accept = useAcceptCare();
  const decline = useRevokeCare();
  const [scopes, setScopes] = useState(link.scopes);
  const [code, setCode] = useState('');
  const [declining, setDeclining] = useState(false);
  const name = link.person.firstname;
  const headingId = `invitation-${link.id}`;
  const noScope = !scopes.see && !scopes.book && !scopes.medicines && !scopes.alerts;
  const failure = requestCode.error ?? accept.error;
  // Someone who declared to be the minor's parent: the minor may also say they are not.
  const asParent = link.basis === 'guardian';

  return (
    <Card variant="outlined" component="article" aria-labelledby={headingId} sx={{ borderColor: 'primary.main' }}>
      <CardContent>
        <Stack spacing={2}>
          <Typography id={headingId} component="h3" sx={{ fontWeight: 600 }}>
            {t(asParent ? 'invitation.fromParent' : 'invitation.from', {
              name: `${link.person.firstname} ${link.person.lastname}`,
            })}
          </Typography>
          {asParent ? <Typography variant="body2">{t('invitation.parentNote', { name })}</Typography> : null}
          <ScopeFields
            value={scopes}
            onChange={setScopes}
            legend={t('invitation.choose', { name })}
            error={noScope ? careText('scopes.noScope') : undefined}
          />
          {requestCode.isSuccess ? (
            <>
              <Typography role="status">{t('invitation.codeSent')}</Typography>
              <TextField
                id={`${headingId}-code`}
                label={t('invitation.code')}
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code' } }}
              />
            </>
          ) : null}
          {failure ? <Alert severity="error">{apiErrorMessage(t, failure)}</Alert> : null}
          {requestCode.isSuccess ? (
            <Button
              variant="contained"
              disabled={code.length !== 6 || noScope}
              loading={accept.isPending}
              onClick={() =>
                accept.mutate(
                  { linkId: link.id, body: { code, scopes } },
                  { onSuccess: () => onNotice(t('invitation.accepted', { name })) },
                )
              }
              sx={{ minHeight: 44 }}
            >
              {t('invitation.accept')}
            </Button>
          ) : (
            <Button
              variant="contained"
              disabled={noScope}
              loading={requestCode.isPending}
              onClick={() => requestCode.mutate(link.id)}
              sx={{ minHeight: 44 }}
            >
              {t('invitation.sendCode')}
            </Button>
          )}
          <Button variant="outlined" color="error" onClick={() => setDeclining(true)} sx={{ minHeight: 44 }}>
            {t('invitation.decline')}
          </Button>
          {link.canReport ? <ReportNotMyParent link={link} onNotice={onNotice} /> : null}
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={declining}
        title={t('invitation.declineTitle', { name })}
        confirmLabel={t('invitation.decline')}
        destructive
        busy={decline.isPending}
        error={decline.isError ? apiErrorMessage(t, decline.error) : null}
        onConfirm={() =>
          decline.mutate(link.id, {
            onSuccess: () => {
              setDeclining(false);
              onNotice(t('invitation.declined'));
            },
          })
        }
        onClose={() => setDeclining(false)}
      />
    </Card>
  );
}
