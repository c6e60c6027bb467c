import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '../../i18n';
import th from './locales/th.json';

addFeatureTexts('results', th, () => import('./locales/en.json'));

/** The test results screen's texts (shared ones still resolve: they are the fallback namespace). */
export const useResultsTexts = () => useTranslation('results');
