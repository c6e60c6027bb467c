import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '../../i18n';
import th from './locales/th.json';

addFeatureTexts('myData', th, () => import('./locales/en.json'));

/** The "my data" feature's texts (shared ones still resolve: they are the fallback namespace). */
export const useMyDataTexts = () => useTranslation('myData');
