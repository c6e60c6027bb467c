import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '../../i18n';
import th from './locales/th.json';

addFeatureTexts('readings', th, () => import('./locales/en.json'));

/** The home readings' texts (shared ones still resolve: they are the fallback namespace). */
export const useReadingsTexts = () => useTranslation('readings');
