import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '../../../i18n';
import th from './locales/th.json';

// Their own namespace: these texts come with the card, after the map's first screen, not with it.
addFeatureTexts('seekIntro', th, () => import('./locales/en.json'));

export const useIntroTexts = () => useTranslation('seekIntro');
