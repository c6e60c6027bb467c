import type { FacilityStaffMember, StaffMemberStatus } from '@klaimor/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { appLanguage } from '../../../i18n/language';
import { formatDateTime, roleName, type ChipColor } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';

const STATUS_NAMES = {
  active: 'members.status.active',
  invited: 'members.status.invited',
  invitation_expired: 'members.status.invitation_expired',
  slowed: 'members.status.slowed',
} as const;
const STATUS_COLORS: Record<StaffMemberStatus, ChipColor> = {
  active: 'success',
  invited: 'info',
  invitation_expired: 'warning',
  slowed: 'error',
};

export interface StaffMemberListProps {
  members: FacilityStaffMember[];
  onChangeRoles: (member: FacilityStaffMember) => void;
  onNewLink: (member: FacilityStaffMember) => void;
  onUnlock: (member: FacilityStaffMember) => void;
  onRemove: (member: FacilityStaffMember) => void;
}

/**
 * The facility's members: name and email, roles, whether they have enrolled or when they last signed in, and what an admin
 * may do about each. A table on a tablet or desktop, one card per member on a phone.
 */
export function StaffMemberList({ members, onChangeRoles, onNewLink, onUnlock, onRemove }: StaffMemberListProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const name = (m: FacilityStaffMember) => (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {m.displayName}
        </Typography>
        {m.isYou ? <Chip size="small" color="primary" label={t('members.you')} /> : null}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {m.email}
      </Typography>
    </>
  );
  const roles = (m: FacilityStaffMember) => (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, m: 0, p: 0, listStyle: 'none' }}>
      {m.roles.map((role) => (
        <li key={role}>
          <Chip size="small" variant="outlined" label={roleName(t, role)} />
        </li>
      ))}
    </Box>
  );
  /** Whether they may sign in, with when their link runs out (or ran out) or when they last signed in. */
  const status = (m: FacilityStaffMember) => {
    const until = m.invitationExpiresAt ? formatDateTime(t, m.invitationExpiresAt, lang) : null;
    let note: string;
    if (m.status === 'invited' && until) note = t('members.invitedUntil', { date: until });
    else if (m.status === 'invitation_expired' && until) note = t('members.expiredAt', { date: until });
    else if (m.status === 'slowed')
      note = m.signInWaitUntil
        ? t('members.slowedUntil', { time: formatDateTime(t, m.signInWaitUntil, lang) })
        : t('members.slowedAgain');
    else
      note = m.lastSignInAt
        ? t('members.lastSignIn', { date: formatDateTime(t, m.lastSignInAt, lang) })
        : t('members.neverSignedIn');
    return (
      <>
        <Chip
          size="small"
          color={STATUS_COLORS[m.status]}
          variant={m.status === 'active' ? 'outlined' : 'filled'}
          label={t(STATUS_NAMES[m.status])}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {note}
        </Typography>
      </>
    );
  };
  const actions = (m: FacilityStaffMember) => (
    <Box
      sx={{
        display: 'flex',
        flexWrap: phone ? 'wrap' : 'nowrap',
        gap: 0.5,
        justifyContent: phone ? 'flex-start' : 'flex-end',
        '& button': { whiteSpace: 'nowrap' },
      }}
    >
      {/* Ends the waits after failed sign-ins; the password and authenticator stay as they are. */}
      {m.status === 'slowed' && !m.isYou ? (
        <Button size="small" onClick={() => onUnlock(m)} aria-label={t('members.unlockNamed', { name: m.displayName })}>
          {t('members.unlock')}
        </Button>
      ) : null}
      <Button
        size="small"
        onClick={() => onChangeRoles(m)}
        aria-label={t('members.changeRolesNamed', { name: m.displayName })}
      >
        {t('members.changeRoles')}
      </Button>
      {/* A new link resets the password and authenticator: never one's own, from here. */}
      {m.isYou ? null : (
        <Button
          size="small"
          onClick={() => onNewLink(m)}
          aria-label={t('members.newLinkNamed', { name: m.displayName })}
        >
          {t('members.newLink')}
        </Button>
      )}
      <Button
        size="small"
        color="error"
        onClick={() => onRemove(m)}
        aria-label={t('members.removeNamed', { name: m.displayName })}
      >
        {t('members.remove')}
      </Button>
    </Box>
  );

  if (phone) {
    return (
      <Stack component="ul" aria-label={t('members.listLabel')} spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {members.map((m) => (
          <Paper component="li" key={m.id} variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
            {name(m)}
            <Box sx={{ mt: 1 }}>{roles(m)}</Box>
            <Box sx={{ mt: 1 }}>{status(m)}</Box>
            <Box sx={{ mt: 1 }}>{actions(m)}</Box>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
      <Table size="small" aria-label={t('members.listLabel')} sx={{ '& td, & th': { py: 1.25, verticalAlign: 'top' } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('members.columns.name')}</TableCell>
            <TableCell>{t('members.columns.roles')}</TableCell>
            <TableCell>{t('members.columns.status')}</TableCell>
            <TableCell align="right">{t('members.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((m) => (
            <TableRow key={m.id} hover>
              <TableCell sx={{ minWidth: 180 }}>{name(m)}</TableCell>
              <TableCell sx={{ minWidth: 160 }}>{roles(m)}</TableCell>
              <TableCell sx={{ minWidth: 170 }}>{status(m)}</TableCell>
              <TableCell>{actions(m)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
