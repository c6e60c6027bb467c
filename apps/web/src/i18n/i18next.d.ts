import 'i18next';
import type booking from '../features/booking/locales/th.json';
import type seek from '../features/seek/locales/th.json';
import type ocr from '../features/signup/ocr/locales/th.json';
import type th from './locales/th.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    fallbackNS: 'translation';
    resources: { translation: typeof th; seek: typeof seek; booking: typeof booking; ocr: typeof ocr };
  }
}
