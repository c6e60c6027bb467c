import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '../../i18n';
import th from './locales/th.json';

addFeatureTexts('symptomNotes', th, () => import('./locales/en.json'));

/** The symptom diary's texts (shared ones still resolve: they are the fallback namespace). */
export const useSymptomNotesTexts = () => useTranslation('symptomNotes');
