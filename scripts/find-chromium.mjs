import { existsSync } from 'node:fs';

/** Debian's Chromium (the tests never download a browser of their own); CHROMIUM_PATH overrides. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => existsSync(p)) ?? null;
}

export const CHROMIUM_MISSING =
  'Chromium was not found. The browser tests use the system Chromium: install it with\n' +
  '  sudo apt-get update && sudo apt-get install -y chromium fonts-thai-tlwg\n' +
  'or set CHROMIUM_PATH to a Chromium binary.';
