import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '../../i18n';
import th from './locales/th.json';

addFeatureTexts('notifications', th, () => import('./locales/en.json'));

/** The notifications feature's texts (shared ones still resolve: they are the fallback namespace). */
export const useNotificationsTexts = () => useTranslation('notifications');
