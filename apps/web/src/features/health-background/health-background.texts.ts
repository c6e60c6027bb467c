import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '../../i18n';
import th from './locales/th.json';

addFeatureTexts('healthBackground', th, () => import('./locales/en.json'));

/** The allergies and conditions screen's texts (shared ones still resolve: they are the fallback namespace). */
export const useHealthBackgroundTexts = () => useTranslation('healthBackground');
