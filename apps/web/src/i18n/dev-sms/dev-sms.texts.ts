import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '..';
import th from './locales/th.json';

// The development outbox's words travel with the code forms that show it, not in every first screen.
addFeatureTexts('devSms', th, () => import('./locales/en.json'));

export const useDevSmsTexts = () => useTranslation('devSms');
