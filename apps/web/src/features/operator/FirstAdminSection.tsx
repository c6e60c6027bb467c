import { type FirstAdminInvitation, InviteFirstAdminBody, type OperatorFacility } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Outcome } from './Outcome';
import { useInviteFirstAdmin } from './operator.queries';
import { useOperatorTexts } from './operator.texts';
import { useFacilityAction } from './use-facility-action';

/** The facility's first administrator: a one-time link, shown this once, for the operator to pass on privately. */
export function FirstAdminSection({ facility }: { facility: OperatorFacility }) {
  const { t } = useOperatorTexts();
  const invite = useInviteFirstAdmin(facility.id);
  const { outcome, run, fail } = useFacilityAction();
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [invitation, setInvitation] = useState<FirstAdminInvitation | null>(null);

  const submit = () => {
    const body = InviteFirstAdminBody.safeParse({ email, displayName });
    if (!body.success) return fail(t('admin.invalid'));
    return run(async () => setInvitation(await invite.mutateAsync(body.data)), t('admin.invited'));
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          id="op-admin-name"
          label={t('admin.name')}
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
          fullWidth
        />
        <TextField
          id="op-admin-email"
          type="email"
          label={t('admin.email')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          fullWidth
        />
      </Stack>
      <Outcome outcome={outcome} />
      {invitation ? (
        <Alert severity="info" role="note">
          {t('admin.link', { email: invitation.email })}
          <TextField
            id="op-admin-link"
            label={t('admin.linkLabel')}
            value={invitation.enrolmentLink}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true } }}
            sx={{ mt: 1.5, bgcolor: 'background.paper' }}
          />
        </Alert>
      ) : null}
      <Button
        variant="contained"
        loading={invite.isPending}
        onClick={() => void submit()}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('admin.invite')}
      </Button>
    </Stack>
  );
}
