import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '../../i18n';
import th from './locales/th.json';

addFeatureTexts('family', th, () => import('./locales/en.json'));

/** The family screen's texts; those it shares with other screens are in i18n/care (shared ones still resolve). */
export const useFamilyTexts = () => useTranslation('family');
