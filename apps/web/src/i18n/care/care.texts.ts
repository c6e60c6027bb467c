import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '..';
import th from './locales/th.json';

// Family care's words that several features show (the person switcher and gate, who a booking is for, what a grant's
// scopes and relationships are called): they load with the first screen that shows one of them.
addFeatureTexts('care', th, () => import('./locales/en.json'));

/** Texts of family care shared by the screens (shared ones still resolve: they are the fallback namespace). */
export const useCareTexts = () => useTranslation('care');
