import 'i18next';

// Every namespace's Thai texts, so that a key is checked where it is used. The list names every feature, so it sits
// here beside the route table, above the features, rather than in i18n/ which they all import.
import type appointments from './features/appointments/locales/th.json';
import type booking from './features/booking/locales/th.json';
import type coverage from './features/coverage/locales/th.json';
import type legal from './features/legal/locales/th.json';
import type myHealthHome from './features/myhealth/locales/th.json';
import type notifications from './features/notifications/locales/th.json';
import type seek from './features/seek/locales/th.json';
import type seekIntro from './features/seek/intro/locales/th.json';
import type signup from './features/signup/locales/th.json';
import type visits from './features/visits/locales/th.json';
import type medications from './features/medications/locales/th.json';
import type symptomNotes from './features/symptom-notes/locales/th.json';
import type healthBackground from './features/health-background/locales/th.json';
import type results from './features/results/locales/th.json';
import type readings from './features/readings/locales/th.json';
import type careMessages from './features/messages/locales/th.json';
import type refills from './features/refills/locales/th.json';
import type otpForm from './features/auth/locales/th.json';
import type myData from './features/my-data/locales/th.json';
import type ocr from './features/signup/ocr/locales/th.json';
import type staff from './features/staff/locales/th.json';
import type operator from './features/operator/locales/th.json';
import type family from './features/family/locales/th.json';
import type care from './i18n/care/locales/th.json';
import type devSms from './i18n/dev-sms/locales/th.json';
import type person from './i18n/person/locales/th.json';
import type places from './i18n/places/locales/th.json';
import type redFlags from './i18n/red-flags/locales/th.json';
import type th from './i18n/locales/th.json';
import type messages from './lib/messages/locales/th.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    fallbackNS: 'translation';
    // One line a namespace: the shared texts, then each feature's own.
    resources: {
      translation: typeof th;
      messages: typeof messages;
      person: typeof person;
      care: typeof care;
      devSms: typeof devSms;
      redFlags: typeof redFlags;
      signup: typeof signup;
      seek: typeof seek;
      seekIntro: typeof seekIntro;
      places: typeof places;
      booking: typeof booking;
      appointments: typeof appointments;
      ocr: typeof ocr;
      coverage: typeof coverage;
      visits: typeof visits;
      medications: typeof medications;
      symptomNotes: typeof symptomNotes;
      healthBackground: typeof healthBackground;
      results: typeof results;
      readings: typeof readings;
      careMessages: typeof careMessages;
      refills: typeof refills;
      otpForm: typeof otpForm;
      myData: typeof myData;
      legal: typeof legal;
      myHealthHome: typeof myHealthHome;
      notifications: typeof notifications;
      staff: typeof staff;
      operator: typeof operator;
      family: typeof family;
    };
  }
}
