import type { StaffFacilityRoles } from '@klaimor/contracts';
import type { ReactNode } from 'react';
import { useOutletContext } from 'react-router';
import { appLanguage, type Language } from '../../../i18n/language';
import { useStaffTexts } from '../staff.texts';

/** Draws a screen for a facility (its roles there included) in the language being read. */
export type ScreenRender = (facility: StaffFacilityRoles, language: Language) => ReactNode;

/** A staff screen's route element: draws the screen for the facility StaffScreensLayout chose. */
export function ForChosenFacility({ render }: { render: ScreenRender }) {
  const { i18n } = useStaffTexts();
  const facility = useOutletContext<StaffFacilityRoles>();
  return render(facility, appLanguage(i18n));
}
