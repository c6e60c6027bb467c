import ChecklistIcon from '@mui/icons-material/Checklist';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useHeightVariable } from '../lib/use-height-variable';
import { BOTTOM_NAV_VARIABLE } from './bar-heights';

type Tab = 'seek' | 'todo' | 'myHealth';

const TAB_OF_ROUTE: Record<string, Tab> = {
  '/': 'seek',
  '/map': 'seek',
  '/symptoms': 'seek',
  '/todo': 'todo',
  '/myhealth': 'myHealth',
  '/profile': 'myHealth',
  '/medicalright': 'myHealth',
  '/history': 'myHealth',
  '/asd': 'myHealth',
};

/** Which tab a path belongs to; routes match case-insensitively, so does this. */
export function tabOfPath(pathname: string): Tab | false {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return TAB_OF_ROUTE[path] ?? false;
}

/**
 * One tab: an icon over its label, the current one in the darker brand blue. Plain links in MUI's BottomNavigation
 * look: that component and its actions are 1.5 KB gzip on every first screen (`node scripts/bundle-size.mjs`), and
 * links also say which page is current (aria-current).
 */
function Tab({ to, icon, label, current }: { to: string; icon: ReactNode; label: string; current: boolean }) {
  return (
    <Box
      component={Link}
      to={to}
      aria-current={current ? 'page' : undefined}
      sx={{
        flex: 1,
        minWidth: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 0.25,
        py: '6px',
        px: 1,
        color: current ? 'primary.dark' : 'text.secondary',
        textDecoration: 'none',
        // The icon keeps its size when the text grows: at large text the labels get the room, and the bar stays low.
        '& svg': { fontSize: 24 },
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.dark', outlineOffset: -3 },
      }}
    >
      {icon}
      <Box
        component="span"
        sx={{
          fontSize: '0.875rem',
          fontWeight: current ? 600 : 400,
          lineHeight: 1.2,
          textAlign: 'center',
        }}
      >
        {label}
      </Box>
    </Box>
  );
}

/** Fixed bottom navigation with its labels always visible; it grows with large text rather than cutting the labels. */
export function BottomNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const tab = tabOfPath(pathname);
  const bar = useRef<HTMLElement>(null);
  useHeightVariable(bar, BOTTOM_NAV_VARIABLE);
  return (
    <Paper
      ref={bar}
      component="nav"
      // The start page's early nearest place sits above it before the app has loaded (nearest-before-app.ts).
      data-bottom-nav=""
      aria-label={t('nav.label')}
      className="klaimor-no-print"
      elevation={8}
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <Box sx={{ display: 'flex', minHeight: 56 }}>
        <Tab to="/" icon={<SearchIcon />} label={t('nav.seek')} current={tab === 'seek'} />
        <Tab to="/todo" icon={<ChecklistIcon />} label={t('nav.todo')} current={tab === 'todo'} />
        <Tab to="/myhealth" icon={<MonitorHeartIcon />} label={t('nav.myHealth')} current={tab === 'myHealth'} />
      </Box>
    </Paper>
  );
}
