import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '..';
import th from './locales/th.json';

// A place's kind, distance and opening hours, and the list of places: their own namespace, so that these texts travel
// with the list (seek) and the booking card (booking) that show them, not with the map's first screen.
addFeatureTexts('places', th, () => import('./locales/en.json'));

export const usePlaceTexts = () => useTranslation('places');
