// The first screens' code as the web build's manifest (build.manifest) lists it: read by bundle-size.mjs (their
// budget) and prerender.mjs (what a prerendered page asks for while it is first painted).

/** Each first screen's page module, by path in lower case as the server matches prerendered pages. */
export const PAGE_MODULES = {
  '/': 'src/features/seek/SeekPage.tsx',
  '/map': 'src/features/seek/SeekPage.tsx',
  '/signup': 'src/features/signup/SignupPage.tsx',
  '/login': 'src/features/auth/LoginPage.tsx',
  '/myhealth': 'src/features/myhealth/MyHealthPage.tsx',
  '/profile': 'src/features/profile/ProfilePage.tsx',
};

/** The module main.tsx imports once the first paint is on screen: the app itself. */
export const APP_MODULE = 'src/start-app.tsx';

export const entryOf = (manifest) => {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!key) throw new Error('no entry in the manifest');
  return key;
};

/** A module's chunk and every chunk it imports statically, transitively (what loading it downloads). */
export function closure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  if (!manifest[key]) throw new Error(`not in the manifest: ${key}`);
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/** The JavaScript files of a first screen: the entry, the app and the page's own module, with their imports. */
export function firstScreenFiles(manifest, pageModule) {
  const keys = closure(manifest, APP_MODULE, closure(manifest, entryOf(manifest)));
  if (pageModule) closure(manifest, pageModule, keys);
  return [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
}
