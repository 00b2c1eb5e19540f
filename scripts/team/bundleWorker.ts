/** Bundles the team sandbox's Worker (src/worker) into one ES module for workerd, as `wrangler deploy` would. */
import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
export const COMPATIBILITY_DATE = '2026-11-01'

/** Writes the bundle and resolves to its path. */
export async function bundleWorker(outfile = join(ROOT, 'dist-worker', 'worker.js')): Promise<string> {
  await mkdir(dirname(outfile), { recursive: true })
  await build({
    entryPoints: [join(ROOT, 'src', 'worker', 'index.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2023',
    external: ['cloudflare:*'],
    logLevel: 'warning',
  })
  return outfile
}
