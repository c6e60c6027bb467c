import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '../../i18n';
import th from './locales/th.json';

// Its own namespace: `messages` is the shared words of field reasons and API errors (lib/error-messages.ts).
addFeatureTexts('careMessages', th, () => import('./locales/en.json'));

/** The care team messages' texts (shared ones still resolve: they are the fallback namespace). */
export const useCareMessagesTexts = () => useTranslation('careMessages');
