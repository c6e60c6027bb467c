import type { CareLink } from '@klaimor/contracts';
import { useNotificationsTexts } from './notifications.texts';

/**
 * Why a dependent's notification screens are not shown: a dependent who signs in hears their own notifications, and a
 * held profile's go to the caregiver holding it.
 */
export function useHeardBy(): (link: CareLink) => string {
  const { t } = useNotificationsTexts();
  return (link) => t(link.person.hasOwnSignIn ? 'gate.hearsOwn' : 'gate.heldByOther', { name: link.person.firstname });
}
