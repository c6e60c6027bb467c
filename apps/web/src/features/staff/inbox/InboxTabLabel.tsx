import { WaitingCount } from '../shared/WaitingCount';
import { useStaffTexts } from '../staff.texts';
import { useInboxCounts } from './inbox.queries';

/**
 * The inbox's tab in the staff screens' bar, with the threads waiting for the member (unassigned and their own),
 * asked again every minute whichever screen is open, so a new message is noticed from any of them.
 */
export function InboxTabLabel({ facilityId, label }: { facilityId: string; label: string }) {
  const { t } = useStaffTexts();
  const counts = useInboxCounts(facilityId);
  return (
    <WaitingCount
      label={label}
      count={counts.data ? counts.data.unassigned + counts.data.mine : undefined}
      spoken={(count) => t('inbox.waitingCount', { count })}
    />
  );
}
