import 'i18next';
import type appointments from '../features/appointments/locales/th.json';
import type booking from '../features/booking/locales/th.json';
import type coverage from '../features/coverage/locales/th.json';
import type legal from '../features/legal/locales/th.json';
import type myHealthHome from '../features/myhealth/locales/th.json';
import type notifications from '../features/notifications/locales/th.json';
import type seek from '../features/seek/locales/th.json';
import type places from '../features/seek/locales/places/th.json';
import type signup from '../features/signup/locales/th.json';
import type visits from '../features/visits/locales/th.json';
import type medications from '../features/medications/locales/th.json';
import type symptomNotes from '../features/symptom-notes/locales/th.json';
import type myData from '../features/my-data/locales/th.json';
import type ocr from '../features/signup/ocr/locales/th.json';
import type staff from '../features/staff/locales/th.json';
import type family from '../features/family/locales/th.json';
import type person from './person/locales/th.json';
import type redFlags from './red-flags/locales/th.json';
import type th from './locales/th.json';
import type messages from '../lib/messages/locales/th.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    fallbackNS: 'translation';
    // One line a namespace: the shared texts, then each feature's own.
    resources: {
      translation: typeof th;
      messages: typeof messages;
      person: typeof person;
      redFlags: typeof redFlags;
      signup: typeof signup;
      seek: typeof seek;
      places: typeof places;
      booking: typeof booking;
      appointments: typeof appointments;
      ocr: typeof ocr;
      coverage: typeof coverage;
      visits: typeof visits;
      medications: typeof medications;
      symptomNotes: typeof symptomNotes;
      myData: typeof myData;
      legal: typeof legal;
      myHealthHome: typeof myHealthHome;
      notifications: typeof notifications;
      staff: typeof staff;
      family: typeof family;
    };
  }
}
