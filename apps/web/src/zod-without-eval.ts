// Zod builds faster object parsers with new Function() when it may, probing for that as it makes its
// first schema. The server's Content-Security-Policy has no 'unsafe-eval', so the probe fails and the
// browser reports a violation; with `jitless` Zod never tries. Zod keeps its configuration in this
// global (zod/v4/core/core.js), so it is set here, before Zod loads, without bringing Zod into the
// first script the page runs (the forms load it later).
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
