import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '../../i18n';
import th from './locales/th.json';

addFeatureTexts('medications', th, () => import('./locales/en.json'));

/** The medications feature's texts (shared ones still resolve: they are the fallback namespace). */
export const useMedicationsTexts = () => useTranslation('medications');
