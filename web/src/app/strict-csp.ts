/**
 * zod compiles object parsers with `new Function` after probing whether eval is allowed; under the
 * site's Content-Security-Policy (no 'unsafe-eval') that probe is reported as a violation. zod reads
 * its settings from this global (what `z.config` writes), so setting it before the first parse turns
 * the probe off without pulling zod into the first load. Called by main.tsx (our modules have no
 * side effects on import: the build drops them).
 */
export function keepZodFromEval(): void {
  const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
}
