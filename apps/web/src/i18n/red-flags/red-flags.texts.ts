import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '..';
import th from './locales/th.json';

// The emergency warning is drawn by the booking card and the symptom diary, never on a first screen: its texts load
// with the first of them.
addFeatureTexts('redFlags', th, () => import('./locales/en.json'));

export const useRedFlagTexts = () => useTranslation('redFlags');
