import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '..';
import th from './locales/th.json';

// Personal details (registration form, address, gender, profile) are read by several features, never
// on a first screen: they load with the first of those features.
addFeatureTexts('person', th, () => import('./locales/en.json'));

/** Texts about the patient's personal details (shared ones still resolve: they are the fallback namespace). */
export const usePersonTexts = () => useTranslation('person');
