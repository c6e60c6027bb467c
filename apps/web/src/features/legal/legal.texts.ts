import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '../../i18n';
import th from './locales/th.json';

addFeatureTexts('legal', th, () => import('./locales/en.json'));

/** The legal texts (terms of use, privacy notice, consent) (shared ones still resolve: they are the fallback namespace). */
export const useLegalTexts = () => useTranslation('legal');
