import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '../../i18n';
import th from './locales/th.json';

addFeatureTexts('operator', th, () => import('./locales/en.json'));

/** The operator console's texts. */
export const useOperatorTexts = () => useTranslation('operator');
