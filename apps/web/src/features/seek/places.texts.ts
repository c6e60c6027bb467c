import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '../../i18n';
import th from './locales/places/th.json';

// A place's kind, distance and opening hours, and the list of places: their own namespace, so that these texts travel
// with the list and the booking card that show them, not with the map's first screen.
addFeatureTexts('places', th, () => import('./locales/places/en.json'));

export const usePlaceTexts = () => useTranslation('places');
