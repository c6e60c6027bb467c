import type { StaffRole } from '@klaimor/contracts';
import { WaitingCount } from '../shared/WaitingCount';
import { useStaffTexts } from '../staff.texts';
import { ownBoxes } from './refills-format';
import { useWaitingRefills } from './refills.queries';

export interface RefillsTabLabelProps {
  facilityId: string;
  roles: readonly StaffRole[];
  label: string;
}

/**
 * The repeat prescriptions' tab in the staff screens' bar, with how many wait for the member's step (a clinician's
 * decision, a pharmacist's handing over), asked again every minute whichever screen is open: a patient's medicine
 * is running out.
 */
export function RefillsTabLabel({ facilityId, roles, label }: RefillsTabLabelProps) {
  const { t } = useStaffTexts();
  const boxes = ownBoxes(roles);
  const waiting = useWaitingRefills(facilityId, boxes);
  const counts = boxes.map((box) => waiting[box]);
  const count = counts.every((n) => n !== undefined) ? counts.reduce<number>((sum, n) => sum + (n ?? 0), 0) : undefined;
  return <WaitingCount label={label} count={count} spoken={(n) => t('refills.waitingCount', { count: n })} />;
}
