import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '../../i18n';
import th from './locales/th.json';

addFeatureTexts('family', th, () => import('./locales/en.json'));

/** The family care texts: the person switcher, the family screen (shared ones still resolve: the fallback namespace). */
export const useFamilyTexts = () => useTranslation('family');
