import { formatThaiMobile, type CareLink } from '@klaimor/contracts';
import Typography from '@mui/material/Typography';
import { Trans } from 'react-i18next';
import { useCurrentUser } from '../../session/current-user';
import { DeletionDialog, phoneOnOneLine } from '../my-data/DeletionDialog';
import { useForgetDeletedProfile } from './family.queries';
import { useFamilyTexts } from './family.texts';

export interface DeleteProfileDialogProps {
  open: boolean;
  /** The grant over a profile the signed-in patient holds that cannot sign in. */
  link: CareLink;
  onClose: () => void;
  /** After the profile went: the family list is read again. */
  onDeleted: (notice: string) => void;
}

/** Deleting a held profile (a child without a phone): what goes, a code to the caregiver's own phone, then erase. */
export function DeleteProfileDialog({ open, link, onClose, onDeleted }: DeleteProfileDialogProps) {
  const { t } = useFamilyTexts();
  const phone = useCurrentUser().data?.phone ?? '';
  const forget = useForgetDeletedProfile();
  const { person } = link;
  const name = person.firstname;

  const deleted = async () => {
    onDeleted(t('deleteProfile.deleted', { name }));
    await forget(person.id);
  };

  return (
    <DeletionDialog
      open={open}
      title={t('deleteProfile.title', { name })}
      phone={phone}
      dependentId={person.id}
      codeSent={
        <Trans
          t={t}
          i18nKey="deleteProfile.codeSent"
          values={{ phone: formatThaiMobile(phone), name }}
          components={phoneOnOneLine}
        />
      }
      confirmLabel={t('deleteProfile.confirm')}
      onDeleted={deleted}
      onClose={onClose}
    >
      <Typography>{t('deleteProfile.body', { name })}</Typography>
      <Typography>{t('deleteProfile.codeToYou', { name })}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('deleteProfile.downloadFirst', { name })}
      </Typography>
    </DeletionDialog>
  );
}
