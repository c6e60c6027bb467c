import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '../../i18n';
import th from './locales/th.json';

addFeatureTexts('visits', th, () => import('./locales/en.json'));

/** The treatment history's texts (shared ones still resolve: they are the fallback namespace). */
export const useVisitsTexts = () => useTranslation('visits');
