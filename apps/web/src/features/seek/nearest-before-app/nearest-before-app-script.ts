// Build time only (entry-server.tsx): the start page's inline script that shows the nearest place before the app has
// loaded, with the texts and the look of the app's own list.
import { LANGUAGE_STORAGE_KEY } from '../../../i18n/language';
import placesEn from '../../../i18n/places/locales/en.json';
import placesTh from '../../../i18n/places/locales/th.json';
import { theme } from '../../../theme';
import { NEARBY_RADIUS_KM } from '../seek.queries';
import { GEOLOCATION_OPTIONS } from '../use-geolocation';
import {
  APP_ANSWERED_ATTRIBUTE,
  NEAREST_BEFORE_APP_ID,
  NEARBY_LIST_CLASS,
  type NearestBeforeAppSetup,
  type NearestBeforeAppTexts,
  showNearestBeforeApp,
} from './nearest-before-app';

interface PlaceTexts {
  nearby: { title: string };
  kinds: Record<string, string>;
  distance: { metres: string; kilometres: string };
}

const textsOf = (places: PlaceTexts, numberLocale: string): NearestBeforeAppTexts => ({
  title: places.nearby.title,
  kinds: places.kinds,
  metres: places.distance.metres,
  kilometres: places.distance.kilometres,
  numberLocale,
});

const box = `#${NEAREST_BEFORE_APP_ID}`;
const { palette } = theme;
/** As NearbySheet draws the closed list: a sheet above the tab bar, its heading, one place. */
const CSS = [
  `${box}{position:fixed;left:0;right:0;z-index:${theme.zIndex.appBar};background:${palette.background.paper};`,
  `color:${palette.text.primary};border-radius:16px 16px 0 0;box-shadow:0 -4px 16px rgba(0,0,0,.16)}`,
  `${box} p{margin:0;padding:12px 16px 8px;font-weight:700}`,
  `${box} ul{list-style:none;margin:0;padding:0;border-top:1px solid ${palette.divider}}`,
  `${box} a{display:block;min-height:44px;padding:10px 16px;color:inherit;text-decoration:none}`,
  `${box} a:focus-visible{outline:3px solid ${palette.primary.dark};outline-offset:-3px}`,
  `${box} span{display:block}`,
  `${box} span:first-child{font-weight:700}`,
  `${box} span+span{color:${palette.text.secondary}}`,
].join('');

export const NEAREST_BEFORE_APP_SETUP: NearestBeforeAppSetup = {
  id: NEAREST_BEFORE_APP_ID,
  listClass: NEARBY_LIST_CLASS,
  appAnsweredAttribute: APP_ANSWERED_ATTRIBUTE,
  paths: ['/'],
  bottomBarSelector: 'nav[data-bottom-nav]',
  radiusKm: NEARBY_RADIUS_KM,
  geolocation: GEOLOCATION_OPTIONS,
  languageKey: LANGUAGE_STORAGE_KEY,
  texts: { th: textsOf(placesTh, 'th-TH'), en: textsOf(placesEn, 'en-GB') },
  css: CSS,
};

/** The script's text: the function's own source, called with its setup (`<` escaped, so no `</script>` can close it). */
export function nearestBeforeAppScript(): string {
  const setup = JSON.stringify(NEAREST_BEFORE_APP_SETUP).replace(/</g, '\\u003c');
  return `(${showNearestBeforeApp.toString()})(${setup});`;
}
