/**
 * The nearest place before the app has loaded. On a cheap phone on slow 3G (2 s round trips, 50 kB/s, 4x slower CPU)
 * the app's code arrives in waves of six files at a time and its list of the nearest places came about 25 s after
 * opening `/`; this script, inline in the prerendered start page, asks where the patient is and for the nearest place
 * while the page is still being read, and shows that place above the tab bar in under 6 s (`npm run bench map`,
 * "cheap phone, slow 3G", `listMs`). The app's own list (NearbySheet) takes its place: `dismissNearestBeforeApp`.
 *
 * `showNearestBeforeApp` runs from its own source text (see nearest-before-app-script.ts): it may use nothing from
 * outside its body, only what `setup` hands it.
 */

export interface NearestBeforeAppTexts {
  /** The heading, as the app's list has it. */
  title: string;
  /** A place's kind, by kind. */
  kinds: Record<string, string>;
  /** The distance from the patient, with `{{distance}}`: under a kilometre, and in kilometres. */
  metres: string;
  kilometres: string;
  /** Whose numbers: 'th-TH' or 'en-GB', as place-format.ts formats them. */
  numberLocale: string;
}

export interface NearestBeforeAppSetup {
  /** The box's id; its stylesheet's is the same with `-style`. */
  id: string;
  /** The class the app's list has, so that the early one is read (and timed) as the same list. */
  listClass: string;
  /** Set on <html> once the app shows its own list or its own answer: the early place is no longer wanted. */
  appAnsweredAttribute: string;
  /** The paths that open on the map. */
  paths: string[];
  /** The app's tab bar, which the box sits above. */
  bottomBarSelector: string;
  /** The search radius the app asks with. */
  radiusKm: number;
  geolocation: PositionOptions;
  /** Where the app keeps the language the patient chose. */
  languageKey: string;
  texts: { th: NearestBeforeAppTexts; en: NearestBeforeAppTexts };
  css: string;
}

interface Place {
  id: string;
  nameTh: string;
  nameEn: string;
  kind: string;
  distanceM: number | null;
}

export function showNearestBeforeApp(setup: NearestBeforeAppSetup): void {
  if (setup.paths.indexOf(location.pathname) < 0 || /[?&]hospital=/.test(location.search)) return;
  if (!navigator.geolocation || !navigator.permissions || !window.fetch) return;
  let lang: 'th' | 'en' = 'th';
  try {
    if (localStorage.getItem(setup.languageKey) === 'en') lang = 'en';
  } catch {
    // Storage refused (private mode): Thai, as the app then shows.
  }
  const texts = setup.texts[lang];
  const root = document.documentElement;

  // As place-format.ts's formatDistance words it (nearest-before-app.test.ts holds them to the same words).
  const distance = (metres: number): string => {
    const rounded = metres < 100 ? Math.round(metres) : Math.round(metres / 10) * 10;
    if (rounded < 1000) {
      const figure = new Intl.NumberFormat(texts.numberLocale, { maximumFractionDigits: 0 }).format(rounded);
      return texts.metres.replace('{{distance}}', figure);
    }
    const km = metres / 1000;
    const figure = new Intl.NumberFormat(texts.numberLocale, { maximumFractionDigits: km < 100 ? 1 : 0 }).format(km);
    return texts.kilometres.replace('{{distance}}', figure);
  };

  const show = (place: Place) => {
    if (root.hasAttribute(setup.appAnsweredAttribute) || document.getElementById(setup.id)) return;
    const style = document.createElement('style');
    style.id = `${setup.id}-style`;
    style.textContent = setup.css;
    document.head.appendChild(style);

    // Not a landmark of its own: for the moment both are on the page, "the nearest places" is the app's list.
    const box = document.createElement('div');
    box.id = setup.id;
    if (lang === 'en') box.lang = 'en';
    const title = document.createElement('p');
    title.textContent = texts.title;
    const list = document.createElement('ul');
    list.className = setup.listClass;
    const entry = document.createElement('li');
    const link = document.createElement('a');
    link.href = `/?hospital=${encodeURIComponent(place.id)}`;
    const name = document.createElement('span');
    name.textContent = lang === 'en' ? place.nameEn : place.nameTh;
    const facts = document.createElement('span');
    facts.textContent = [texts.kinds[place.kind], place.distanceM === null ? null : distance(place.distanceM)]
      .filter(Boolean)
      .join(' · ');
    link.append(name, facts);
    entry.append(link);
    list.append(entry);
    box.append(title, list);
    const bar = document.querySelector<HTMLElement>(setup.bottomBarSelector);
    box.style.bottom = `${bar ? bar.offsetHeight : 56}px`;
    document.body.appendChild(box);
  };

  const ask = () =>
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const query = new URLSearchParams({
          lat: String(position.coords.latitude),
          lng: String(position.coords.longitude),
          radiusKm: String(setup.radiusKm),
          limit: '1',
        });
        // Without cookies: the browser then takes a connection of its own, not one of the six the app's files queue for.
        fetch(`/api/hospitals?${query}`, { credentials: 'omit', headers: { accept: 'application/json' } })
          .then((res) => (res.ok ? res.json() : null))
          .then((body: { data?: Place[] } | null) => {
            const place = body?.data?.[0];
            if (!place) return;
            if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => show(place));
            else show(place);
          })
          .catch(() => {
            // The app asks again and says what went wrong.
          });
      },
      () => {
        // Denied or unknown: the app explains.
      },
      setup.geolocation,
    );
  // Only where the patient has already said yes: a first visitor is asked by the app, on the page that says why.
  navigator.permissions
    .query({ name: 'geolocation' })
    .then((permission) => {
      if (permission.state === 'granted') ask();
    })
    .catch(() => {
      // Unknown: the app asks.
    });
}

export const NEAREST_BEFORE_APP_ID = 'klaimor-nearest-before-app';
/** The list of the nearest places, the app's and the early one: the bench (bench/map.mjs) times its first entry. */
export const NEARBY_LIST_CLASS = 'klaimor-nearby-list';
export const APP_ANSWERED_ATTRIBUTE = 'data-nearest-answered';

/** The app has an answer of its own (its list, no place, an error, a chosen place) or has left the map: the early place goes. */
export function dismissNearestBeforeApp(): void {
  document.documentElement.setAttribute(APP_ANSWERED_ATTRIBUTE, '');
  document.getElementById(NEAREST_BEFORE_APP_ID)?.remove();
  document.getElementById(`${NEAREST_BEFORE_APP_ID}-style`)?.remove();
}
