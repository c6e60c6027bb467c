import { staffMay, type StaffArea, type StaffRole } from '@klaimor/contracts';

/**
 * The screens of the staff console, in the order of their tabs, each at /staff/<screen> and offered to the roles that
 * STAFF_ACCESS (contracts, the table the server's routes read too) gives its area.
 */
const SCREEN_AREAS = {
  day: 'dayList',
  inbox: 'messages',
  refills: 'refills',
  schedule: 'scheduleRead',
  members: 'members',
  settings: 'settings',
  systems: 'systemClients',
  audit: 'audit',
} as const satisfies Record<string, StaffArea>;

export type StaffScreen = keyof typeof SCREEN_AREAS;

const SCREENS = Object.keys(SCREEN_AREAS) as StaffScreen[];

/** The screens a member holding `roles` at a facility may use there, in tab order. */
export const screensFor = (roles: readonly StaffRole[]): StaffScreen[] =>
  SCREENS.filter((screen) => staffMay(roles, SCREEN_AREAS[screen]));

/** A screen's address. */
export const staffScreenPath = (screen: StaffScreen): string => `/staff/${screen}`;

const isStaffScreen = (value: string | null | undefined): value is StaffScreen =>
  value !== null && value !== undefined && Object.hasOwn(SCREEN_AREAS, value);

/**
 * The screen an address under /staff shows ('/staff/audit' -> 'audit'); null for /staff itself or another page. Like
 * the route table, it reads the address in any case.
 */
export function screenAt(pathname: string): StaffScreen | null {
  const [, base, screen, ...rest] = pathname.toLowerCase().replace(/\/+$/, '').split('/');
  return base === 'staff' && rest.length === 0 && isStaffScreen(screen) ? screen : null;
}

/** Whether an address is one of the staff screens, or /staff, which leads to the member's first. */
export const isScreensAddress = (pathname: string): boolean =>
  pathname.toLowerCase().replace(/\/+$/, '') === '/staff' || screenAt(pathname) !== null;

/**
 * An old link's screen (`/staff?screen=members`, from before the screens had addresses of their own), or null.
 */
export const screenAskedBy = (params: URLSearchParams): StaffScreen | null => {
  const asked = params.get('screen');
  return isStaffScreen(asked) ? asked : null;
};
