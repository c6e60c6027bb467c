import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '../../i18n';
import th from './locales/th.json';

addFeatureTexts('staff', th, () => import('./locales/en.json'));

/** The staff screens' texts (shared ones still resolve: they are the fallback namespace). */
export const useStaffTexts = () => useTranslation('staff');
