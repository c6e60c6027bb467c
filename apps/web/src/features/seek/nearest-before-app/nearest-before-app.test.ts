import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDistance } from '../../../lib/place-format';
import { APP_ANSWERED_ATTRIBUTE, NEAREST_BEFORE_APP_ID, dismissNearestBeforeApp } from './nearest-before-app';
import { NEAREST_BEFORE_APP_SETUP, nearestBeforeAppScript } from './nearest-before-app-script';
import placesEn from '../../../i18n/places/locales/en.json';
import placesTh from '../../../i18n/places/locales/th.json';

const NEAREST = {
  id: 'nakornping-hospital',
  nameTh: 'โรงพยาบาลนครพิงค์',
  nameEn: 'Nakornping Hospital',
  kind: 'hospital',
  distanceM: 1234,
};

/** The page as the start page's inline script meets it: the tab bar drawn, the position known, the server's answer. */
function startPage(answer: { data: unknown[] } = { data: [NEAREST] }, permission: PermissionState = 'granted') {
  window.history.replaceState(null, '', '/');
  document.body.innerHTML = '<div id="root"><nav data-bottom-nav style="height: 72px"></nav></div>';
  const nav = document.querySelector('nav')!;
  Object.defineProperty(nav, 'offsetHeight', { value: 72 });
  const getCurrentPosition = vi.fn((located: PositionCallback) =>
    located({ coords: { latitude: 18.79, longitude: 98.98 } } as GeolocationPosition),
  );
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  const query = vi.fn(async () => ({ state: permission }));
  Object.defineProperty(navigator, 'permissions', { value: { query }, configurable: true });
  const fetch = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  return { fetch, getCurrentPosition };
}

/** The script as the page runs it: its own text, nothing else of the bundle around it. */
const runScript = () => new Function(nearestBeforeAppScript())();

const early = () => document.getElementById(NEAREST_BEFORE_APP_ID);

describe('the nearest place before the app has loaded', () => {
  beforeEach(() => {
    document.documentElement.removeAttribute(APP_ANSWERED_ATTRIBUTE);
    localStorage.clear();
  });
  afterEach(() => {
    dismissNearestBeforeApp();
    vi.unstubAllGlobals();
  });

  it('runs from its own text: asks once where the patient is and the server for the one nearest place, without cookies', async () => {
    const { fetch, getCurrentPosition } = startPage();
    runScript();
    await vi.waitFor(() => expect(early()).not.toBeNull());
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const query = new URL(url, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({ lat: '18.79', lng: '98.98', radiusKm: '30', limit: '1' });
    expect(init.credentials).toBe('omit');
  });

  it('shows the place as the list does, a link to its card, above the tab bar', async () => {
    startPage();
    runScript();
    await vi.waitFor(() => expect(early()).not.toBeNull());
    const box = early()!;
    expect(box.getAttribute('role')).toBeNull();
    expect(box.querySelector('p')!.textContent).toBe('สถานที่ใกล้ที่สุด');
    expect(box.querySelectorAll('ul.klaimor-nearby-list > li')).toHaveLength(1);
    const link = box.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/?hospital=nakornping-hospital');
    expect([...link.querySelectorAll('span')].map((s) => s.textContent)).toEqual([
      'โรงพยาบาลนครพิงค์',
      'โรงพยาบาล · ห่างจากคุณ 1.2 กม.',
    ]);
    expect(box.style.bottom).toBe('72px');
    expect(document.getElementById(`${NEAREST_BEFORE_APP_ID}-style`)).not.toBeNull();
  });

  it('speaks English to a patient who chose it', async () => {
    localStorage.setItem(NEAREST_BEFORE_APP_SETUP.languageKey, 'en');
    startPage();
    runScript();
    await vi.waitFor(() => expect(early()).not.toBeNull());
    expect(early()!.lang).toBe('en');
    expect(early()!.querySelector('a')!.textContent).toBe('Nakornping HospitalHospital · 1.2 km from you');
  });

  it('stays away once the app has its own answer, on a page other than the map and for a chosen place', async () => {
    const cases = [
      () => document.documentElement.setAttribute(APP_ANSWERED_ATTRIBUTE, ''),
      () => window.history.replaceState(null, '', '/todo'),
      () => window.history.replaceState(null, '', '/?hospital=siriraj-hospital'),
    ];
    for (const arrange of cases) {
      const { fetch } = startPage();
      arrange();
      runScript();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(early()).toBeNull();
      fetch.mockClear();
      dismissNearestBeforeApp();
      document.documentElement.removeAttribute(APP_ANSWERED_ATTRIBUTE);
    }
  });

  it('does not ask where a patient is who has not yet said yes: the app asks, on the page that says why', async () => {
    for (const permission of ['prompt', 'denied'] as const) {
      const { fetch, getCurrentPosition } = startPage(undefined, permission);
      runScript();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(getCurrentPosition, permission).not.toHaveBeenCalled();
      expect(fetch, permission).not.toHaveBeenCalled();
      expect(early()).toBeNull();
    }
  });

  it('shows nothing when no place is near', async () => {
    startPage({ data: [] });
    runScript();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(early()).toBeNull();
  });

  it('goes with its stylesheet when the app dismisses it, and does not come back', async () => {
    startPage();
    runScript();
    await vi.waitFor(() => expect(early()).not.toBeNull());
    dismissNearestBeforeApp();
    expect(early()).toBeNull();
    expect(document.getElementById(`${NEAREST_BEFORE_APP_ID}-style`)).toBeNull();
    runScript();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(early()).toBeNull();
  });

  it('words every distance as the app list does, in Thai and in English', async () => {
    const distances = [0, 42, 99.6, 100, 994, 995, 1000, 1234, 9_950, 99_949, 99_950, 123_456];
    for (const [lang, places] of [
      ['th', placesTh],
      ['en', placesEn],
    ] as const) {
      const t = i18n.createInstance();
      await t.init({ lng: lang, resources: { [lang]: { places } }, interpolation: { escapeValue: false } });
      const appWords = distances.map((m) => formatDistance(m, t.getFixedT(lang, 'places'), lang));
      const earlyWords: string[] = [];
      if (lang === 'en') localStorage.setItem(NEAREST_BEFORE_APP_SETUP.languageKey, 'en');
      for (const distanceM of distances) {
        startPage({ data: [{ ...NEAREST, distanceM }] });
        runScript();
        await vi.waitFor(() => expect(early()).not.toBeNull());
        earlyWords.push(early()!.querySelectorAll('a span')[1]!.textContent!.split(' · ')[1]!);
        dismissNearestBeforeApp();
        document.documentElement.removeAttribute(APP_ANSWERED_ATTRIBUTE);
      }
      expect(earlyWords, lang).toEqual(appWords);
    }
  });
});
