/**
 * `wrangler deploy --dry-run`, offline: bundles a Worker project as a deploy
 * would, into `outdir`, without an account or the network.
 */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { ROOT } from './bundleWorker.ts'

export interface DryRun {
  /** The directory wrangler wrote the bundle to (`index.js`). */
  outdir: string
  result: SpawnSyncReturns<string>
}

/** Runs wrangler in `cwd` with `args` after the dry-run flags, and returns its exit and output. */
export function wranglerDryRun(cwd: string, args: readonly string[] = []): DryRun {
  const outdir = mkdtempSync(join(tmpdir(), 'wrangler-dry-run-'))
  const result = spawnSync(join(ROOT, 'node_modules/.bin/wrangler'), ['deploy', '--dry-run', '--outdir', outdir, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
    // wrangler's shebang takes the first node on PATH: this one, which is new enough.
    env: {
      ...process.env,
      PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
      WRANGLER_SEND_METRICS: 'false',
      CI: 'true',
    },
  })
  return { outdir, result }
}
