/**
 * zod 4 probes `new Function` before its first object parse; under our CSP (no 'unsafe-eval') the
 * caught throw is still reported as a violation. `jitless` skips the probe. Set through zod's global
 * config object (what `z.config` writes) so this module does not pull zod into every page; only in
 * the browser, where the JIT is off anyway, so server-side parsing keeps it.
 */
if (typeof window !== "undefined") {
  const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (scope.__zod_globalConfig ??= {}).jitless = true;
}

export {};
