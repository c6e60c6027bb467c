import { formatThaiMobile, type CareLink } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Trans } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFamily } from '../../session/care-links';
import { DeletionDialog, phoneOnOneLine } from './DeletionDialog';
import { useForgetPatient } from './my-data.queries';
import { useMyDataTexts } from './my-data.texts';

export interface DeleteAccountDialogProps {
  open: boolean;
  phone: string;
  onClose: () => void;
}

/** Deleting the account: what goes (with the people the patient cares for), a fresh code to their phone, then erase and sign out. */
export function DeleteAccountDialog({ open, phone, onClose }: DeleteAccountDialogProps) {
  const { t } = useMyDataTexts();
  const navigate = useNavigate();
  const forget = useForgetPatient();

  const leave = async () => {
    // Leave first, then forget: the signed-in page must not see the empty account and redirect itself.
    await navigate('/account-deleted', { replace: true });
    forget();
  };

  return (
    <DeletionDialog
      open={open}
      title={t('delete.title')}
      phone={phone}
      codeSent={
        <Trans
          t={t}
          i18nKey="delete.codeSent"
          values={{ phone: formatThaiMobile(phone) }}
          components={phoneOnOneLine}
        />
      }
      confirmLabel={t('delete.confirm')}
      onDeleted={leave}
      onClose={onClose}
    >
      <Typography>{t('delete.body')}</Typography>
      <CaredForNotice />
      <Typography variant="body2" color="text.secondary">
        {t('delete.downloadFirst')}
      </Typography>
    </DeletionDialog>
  );
}

const fullName = (link: CareLink) => `${link.person.firstname} ${link.person.lastname}`;

function Names({ links }: { links: CareLink[] }) {
  return (
    <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
      {links.map((link) => (
        <li key={link.id}>{fullName(link)}</li>
      ))}
    </Box>
  );
}

/**
 * What happens to the people the patient cares for: the profiles they hold that cannot sign in go with the account
 * (unless another caregiver also holds one, which only the server knows); those with their own number keep it.
 */
function CaredForNotice() {
  const { t } = useMyDataTexts();
  const family = useFamily();
  if (family.isPending) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('delete.family.loading')}
      </Typography>
    );
  }
  if (family.isError) return <Alert severity="warning">{t('delete.family.unknown')}</Alert>;
  const dependents = family.data.filter((link) => link.direction === 'caring_for');
  const held = dependents.filter((link) => link.status === 'active' && !link.person.hasOwnSignIn);
  const ownSignIn = dependents.filter((link) => link.status !== 'revoked' && link.person.hasOwnSignIn);
  return (
    <>
      {held.length > 0 ? (
        <Alert severity="warning" role="note">
          {t('delete.family.held')}
          <Names links={held} />
        </Alert>
      ) : null}
      {ownSignIn.length > 0 ? (
        <Alert severity="info" role="note">
          {t('delete.family.ownSignIn')}
          <Names links={ownSignIn} />
        </Alert>
      ) : null}
    </>
  );
}
