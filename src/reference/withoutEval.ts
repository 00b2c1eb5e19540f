/**
 * The renderer validates its configuration with zod, which probes whether it
 * may compile validators with `new Function`. Under this site's policy (no
 * 'unsafe-eval', Trusted Types) the probe fails quietly but still logs a
 * violation; `jitless` skips the probe, and zod validates by interpretation.
 * The entry awaits this before it loads the renderer, so the setting is in
 * place before any of the renderer's schemas runs.
 */
export async function validateWithoutEval(): Promise<void> {
  const { config } = await import('zod')
  config({ jitless: true })
}
