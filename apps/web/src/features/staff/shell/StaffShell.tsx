import LogoutIcon from '@mui/icons-material/LogoutOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { ErrorBoundary } from '../../../components/ErrorBoundary';
import { LanguageToggle } from '../../../components/LanguageToggle';
import { NoticeSnackbar } from '../../../components/NoticeSnackbar';
import { RouteErrorPage } from '../../../components/RouteErrorPage';
import { appLanguage } from '../../../i18n/language';
import { facilityNameIn, roleNames } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';
import { useStaffMe, useStaffSignOut } from './session.queries';
import { useChosenFacility } from './use-chosen-facility';

/**
 * The staff screens' frame, in place of the patients' app bar and bottom navigation: the title, the language,
 * and for a signed-in member their name, the facility they work at (a picker when they hold roles at several)
 * and signing out.
 */
export function StaffShell() {
  const { t, i18n } = useStaffTexts();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const me = useStaffMe();
  const member = me.data ?? null;
  const { facility, choose } = useChosenFacility(member);
  const signOut = useStaffSignOut();
  const [notice, setNotice] = useState<string | null>(null);

  const leave = async () => {
    try {
      await signOut.mutateAsync();
      await navigate('/staff/sign-in', { replace: true });
    } catch {
      setNotice(t('shell.signOutFailed'));
    }
  };

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" elevation={0}>
        <Toolbar sx={{ gap: 1 }}>
          <Typography
            variant="h6"
            component={Link}
            to="/staff"
            sx={{
              flexGrow: 1,
              fontWeight: 600,
              color: 'inherit',
              textDecoration: 'none',
              fontSize: { xs: '1.05rem', sm: '1.25rem' },
              minHeight: 44,
              display: 'flex',
              alignItems: 'center',
            }}
          >
            {t('app.title')}
          </Typography>
          <LanguageToggle />
          {member ? (
            <Button
              color="inherit"
              size="small"
              startIcon={<LogoutIcon />}
              loading={signOut.isPending}
              onClick={() => void leave()}
              aria-label={t('shell.signOut')}
              // On a phone the icon alone, so the title keeps one line.
              sx={{ whiteSpace: 'nowrap', minWidth: 44, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
            >
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                {t('shell.signOut')}
              </Box>
            </Button>
          ) : null}
        </Toolbar>
      </AppBar>
      {member ? (
        <Box
          component="section"
          aria-label={t('shell.signedInAs', { name: member.displayName })}
          sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
        >
          <Container maxWidth="lg">
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={{ xs: 1, sm: 2 }}
              sx={{ py: 1.25, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
            >
              {facility && member.facilities.length > 1 ? (
                <TextField
                  select
                  id="staff-facility"
                  size="small"
                  label={t('shell.facility')}
                  value={facility.id}
                  onChange={(e) => choose(e.target.value)}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  sx={{ maxWidth: { sm: 420 } }}
                >
                  {member.facilities.map((f) => (
                    <option key={f.id} value={f.id}>
                      {facilityNameIn(appLanguage(i18n), f)}
                    </option>
                  ))}
                </TextField>
              ) : facility ? (
                <Typography sx={{ fontWeight: 600 }}>{facilityNameIn(appLanguage(i18n), facility)}</Typography>
              ) : (
                <span />
              )}
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: { sm: 'right' } }}>
                <Box component="span" sx={{ color: 'text.primary', fontWeight: 500 }}>
                  {member.displayName}
                </Box>
                {facility ? ` · ${roleNames(t, facility.roles)}` : null}
              </Typography>
            </Stack>
          </Container>
        </Box>
      ) : null}
      <Container component="main" maxWidth="lg" sx={{ py: 3 }}>
        <ErrorBoundary resetKey={pathname} fallback={<RouteErrorPage />}>
          <Outlet />
        </ErrorBoundary>
      </Container>
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Box>
  );
}
