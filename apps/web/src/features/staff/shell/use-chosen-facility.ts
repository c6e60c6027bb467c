import type { StaffFacilityRoles, StaffMe } from '@klaimor/contracts';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isScreensAddress } from './staff-screens';

const STORAGE_KEY = 'klaimor.staff.facility';

function remembered(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The facility the member works at now: the one in the URL (?facility=), else the one chosen last on this
 * device, else the first. Choosing one puts it in the URL and remembers it.
 */
export function useChosenFacility(me: StaffMe | null | undefined): {
  facility: StaffFacilityRoles | null;
  choose: (facilityId: string) => void;
} {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const facilities = me?.facilities ?? [];
  const wanted = params.get('facility') ?? remembered();
  const facility = facilities.find((f) => f.id === wanted) ?? facilities[0] ?? null;
  const choose = (facilityId: string) => {
    try {
      localStorage.setItem(STORAGE_KEY, facilityId);
    } catch {
      // private mode: the choice lasts while the URL keeps it
    }
    // Another facility starts from the member's first screen there (their roles may differ), and its schedule from its
    // first view; any other page stays where it is.
    const search = `?${new URLSearchParams({ facility: facilityId }).toString()}`;
    if (isScreensAddress(pathname)) void navigate({ pathname: '/staff', search }, { replace: true });
    else setParams({ facility: facilityId }, { replace: true });
  };
  return { facility, choose };
}
