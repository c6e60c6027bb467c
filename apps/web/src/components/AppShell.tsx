import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { consentNeeded } from '@klaimor/contracts';
import { Suspense, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useHeightVariable } from '../lib/use-height-variable';
import { useCurrentUser } from '../session/current-user';
import { APP_BAR_VARIABLE, BOTTOM_NAV_HEIGHT } from './bar-heights';
import { BottomNav } from './BottomNav';
import { ErrorBoundary } from './ErrorBoundary';
import { LanguageToggle } from './LanguageToggle';
import { LoadingState } from './LoadingState';
import { OfflineBanner } from './OfflineBanner';
import { RouteErrorPage } from './RouteErrorPage';

export interface AppShellProps {
  /**
   * A signed-in patient's bell, in the app bar. The route table passes it lazily loaded, so it is never part of a first
   * screen, and the shell imports no feature.
   */
  notificationBell?: ReactNode;
  /** Shown only to a patient whose consent is to an earlier version; lazily loaded too, by the route table. */
  consentRenewal?: ReactNode;
}

/** App bar, the page, and the bottom navigation; waits for the startup current-user call. */
export function AppShell({ notificationBell, consentRenewal }: AppShellProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const { pathname } = useLocation();
  const bar = useRef<HTMLElement>(null);
  useHeightVariable(bar, APP_BAR_VARIABLE);
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <AppBar ref={bar} position="sticky" elevation={0}>
        <Toolbar sx={{ gap: 1 }}>
          <Typography
            variant="h6"
            component={Link}
            to="/"
            sx={{
              flexGrow: 1,
              fontWeight: 600,
              color: 'inherit',
              textDecoration: 'none',
              minHeight: 44,
              display: 'flex',
              alignItems: 'center',
            }}
          >
            {t('app.name')}
          </Typography>
          {me.data ? <Suspense fallback={null}>{notificationBell}</Suspense> : null}
          <LanguageToggle />
        </Toolbar>
        <OfflineBanner />
      </AppBar>
      <Container component="main" maxWidth="sm" sx={{ pt: 2, pb: `calc(${BOTTOM_NAV_HEIGHT} + 32px)` }}>
        {me.isPending ? (
          <LoadingState />
        ) : (
          <ErrorBoundary resetKey={pathname} fallback={<RouteErrorPage />}>
            <Suspense fallback={<LoadingState />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        )}
      </Container>
      <BottomNav />
      {me.data && consentNeeded(me.data.consent) ? <Suspense fallback={null}>{consentRenewal}</Suspense> : null}
    </Box>
  );
}
