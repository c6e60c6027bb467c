import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '../../i18n';
import th from './locales/th.json';

// The wizard's later steps; the first step's texts are shared ones, on the first screen.
addFeatureTexts('signup', th, () => import('./locales/en.json'));

/** The sign-up wizard's step texts (shared ones still resolve: they are the fallback namespace). */
export const useSignupTexts = () => useTranslation('signup');
