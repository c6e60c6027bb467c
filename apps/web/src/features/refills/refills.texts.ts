import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '../../i18n';
import th from './locales/th.json';

addFeatureTexts('refills', th, () => import('./locales/en.json'));

/** The repeat prescriptions' texts (shared ones still resolve: they are the fallback namespace). */
export const useRefillsTexts = () => useTranslation('refills');
