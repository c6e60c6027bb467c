import type { FacilityStaffMember, StaffInvitation } from '@klaimor/contracts';
import GroupAddIcon from '@mui/icons-material/GroupAddOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { FormDialog } from '../../../components/FormDialog';
import { LoadingState } from '../../../components/LoadingState';
import { NoticeSnackbar } from '../../../components/NoticeSnackbar';
import { PageTitle } from '../../../components/PageTitle';
import { appLanguage } from '../../../i18n/language';
import { StaffLoadError } from '../shared/StaffLoadError';
import { staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { InvitationLinkDialog } from './InvitationLinkDialog';
import { InviteStaffForm } from './InviteStaffForm';
import { StaffMemberList } from './StaffMemberList';
import { StaffRolesForm } from './StaffRolesForm';
import { useFacilityStaff, useNewEnrolmentLink, useRemoveStaff, useUnlockSignIn } from './admin.queries';

export interface StaffMembersScreenProps {
  facilityId: string;
  facilityName: string;
}

/**
 * The facility's members, for its admin: invite someone (the one-time enrolment link shown once, to pass on), change
 * a member's roles, issue a new link (a link that ran out, a lost phone), let a member slowed after failed sign-ins try
 * again at once, and remove a member.
 */
export function StaffMembersScreen({ facilityId, facilityName }: StaffMembersScreenProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const members = useFacilityStaff(facilityId);
  const newLink = useNewEnrolmentLink(facilityId);
  const remove = useRemoveStaff(facilityId);
  const unlock = useUnlockSignIn(facilityId);
  const [inviting, setInviting] = useState(false);
  const [changing, setChanging] = useState<FacilityStaffMember | null>(null);
  const [relinking, setRelinking] = useState<FacilityStaffMember | null>(null);
  const [removing, setRemoving] = useState<FacilityStaffMember | null>(null);
  /** The link just issued: shown once, then gone. */
  const [issued, setIssued] = useState<StaffInvitation | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const confirmNewLink = async () => {
    if (!relinking) return;
    try {
      setIssued(await newLink.mutateAsync(relinking.id));
      setRelinking(null);
    } catch {
      // shown in the dialog
    }
  };
  const unlockSignIn = async (member: FacilityStaffMember) => {
    try {
      await unlock.mutateAsync(member.id);
      setNotice(t('members.unlocked', { name: member.displayName }));
    } catch (error) {
      setNotice(staffErrorMessage(t, error, lang));
    }
  };
  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing);
      setNotice(t('members.removed', { name: removing.displayName }));
      setRemoving(null);
    } catch {
      // shown in the dialog
    }
  };

  let body;
  if (members.isPending) body = <LoadingState label={t('members.loading')} />;
  else if (members.isError) body = <StaffLoadError error={members.error} onRetry={() => void members.refetch()} />;
  else if (members.data.length === 0)
    body = <EmptyState icon={<GroupAddIcon />} title={t('members.empty')} description={t('members.emptyBody')} />;
  else
    body = (
      <StaffMemberList
        members={members.data}
        onChangeRoles={setChanging}
        onNewLink={(member) => {
          newLink.reset();
          setRelinking(member);
        }}
        onUnlock={(member) => void unlockSignIn(member)}
        onRemove={(member) => {
          remove.reset();
          setRemoving(member);
        }}
      />
    );

  return (
    <Stack spacing={2.5}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 1.5 }}
      >
        <PageTitle subtitle={t('members.intro', { facility: facilityName })}>{t('members.title')}</PageTitle>
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
          {t('members.invite')}
        </Button>
      </Box>
      {members.data && members.data.length > 0 ? (
        <Typography sx={{ fontWeight: 600 }}>{t('members.count', { count: members.data.length })}</Typography>
      ) : null}
      {body}
      <FormDialog open={inviting} title={t('members.invite')} onClose={() => setInviting(false)}>
        <InviteStaffForm
          facilityId={facilityId}
          onCancel={() => setInviting(false)}
          onInvited={(invitation) => {
            setInviting(false);
            setIssued(invitation);
          }}
        />
      </FormDialog>
      <FormDialog
        open={changing !== null}
        title={changing ? t('members.changeRolesNamed', { name: changing.displayName }) : ''}
        onClose={() => setChanging(null)}
      >
        {changing ? (
          <StaffRolesForm
            facilityId={facilityId}
            member={changing}
            onCancel={() => setChanging(null)}
            onSaved={(member) => {
              setChanging(null);
              setNotice(t('members.rolesSaved', { name: member.displayName }));
            }}
          />
        ) : null}
      </FormDialog>
      <ConfirmDialog
        open={relinking !== null}
        title={relinking ? t('members.confirmNewLink.title', { name: relinking.displayName }) : ''}
        body={
          relinking?.status === 'invited' || relinking?.status === 'invitation_expired'
            ? t('members.confirmNewLink.bodyInvited')
            : t('members.confirmNewLink.body')
        }
        confirmLabel={t('members.confirmNewLink.confirm')}
        busy={newLink.isPending}
        error={newLink.isError ? staffErrorMessage(t, newLink.error, lang) : null}
        onConfirm={() => void confirmNewLink()}
        onClose={() => setRelinking(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={removing ? t('members.confirmRemove.title', { name: removing.displayName, facility: facilityName }) : ''}
        body={
          removing?.isYou
            ? t('members.confirmRemove.bodyYou', { facility: facilityName })
            : t('members.confirmRemove.body', { name: removing?.displayName ?? '', facility: facilityName })
        }
        confirmLabel={t('members.confirmRemove.confirm')}
        destructive
        busy={remove.isPending}
        error={remove.isError ? staffErrorMessage(t, remove.error, lang) : null}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      />
      <InvitationLinkDialog invitation={issued} facilityName={facilityName} onClose={() => setIssued(null)} />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
