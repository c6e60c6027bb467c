import ChecklistIcon from '@mui/icons-material/Checklist';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import SearchIcon from '@mui/icons-material/Search';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

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

/** The bar's height as a CSS variable: what the pages keep clear at their bottom edge, however large the text makes it. */
export const BOTTOM_NAV_HEIGHT = 'var(--klaimor-bottom-nav, calc(56px + env(safe-area-inset-bottom)))';

/** Fixed bottom navigation with its labels always visible; it grows with large text rather than cutting the labels. */
export function BottomNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--klaimor-bottom-nav', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--klaimor-bottom-nav');
    };
  }, []);
  return (
    <Paper
      ref={bar}
      component="nav"
      aria-label={t('nav.label')}
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
      <BottomNavigation showLabels value={tabOfPath(pathname)}>
        <BottomNavigationAction value="seek" label={t('nav.seek')} icon={<SearchIcon />} component={Link} to="/" />
        <BottomNavigationAction
          value="todo"
          label={t('nav.todo')}
          icon={<ChecklistIcon />}
          component={Link}
          to="/todo"
        />
        <BottomNavigationAction
          value="myHealth"
          label={t('nav.myHealth')}
          icon={<MonitorHeartIcon />}
          component={Link}
          to="/myhealth"
        />
      </BottomNavigation>
    </Paper>
  );
}
