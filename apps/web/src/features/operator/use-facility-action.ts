import { useState } from 'react';
import { appLanguage } from '../../i18n/language';
import { staffErrorMessage } from '../staff/shared/staff-errors';
import { useStaffTexts } from '../staff/staff.texts';

/**
 * What each of the console's sections repeats: run a change, and show its outcome (done, or the server's reason in
 * words) beside the section's button.
 */
export function useFacilityAction() {
  const { t, i18n } = useStaffTexts();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async (change: () => Promise<unknown>, done: string) => {
    setOutcome(null);
    try {
      await change();
      setOutcome({ ok: true, text: done });
    } catch (error) {
      setOutcome({ ok: false, text: staffErrorMessage(t, error, appLanguage(i18n)) });
    }
  };
  const fail = (text: string) => setOutcome({ ok: false, text });
  return { outcome, run, fail };
}
