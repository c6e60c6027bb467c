import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '../../i18n';
import th from './locales/th.json';

// The code form's words come with it (it loads after the phone number is sent), not in every first screen.
addFeatureTexts('otpForm', th, () => import('./locales/en.json'));

/** The one-time code form's texts (shared ones still resolve: they are the fallback namespace). */
export const useOtpTexts = () => useTranslation('otpForm');
