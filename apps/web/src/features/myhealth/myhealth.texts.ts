import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '../../i18n';
import th from './locales/th.json';

addFeatureTexts('myHealthHome', th, () => import('./locales/en.json'));

/** The signed-in home's own texts (the shared ones still resolve: they are the fallback namespace). */
export const useMyHealthTexts = () => useTranslation('myHealthHome');
