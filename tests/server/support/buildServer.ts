/**
 * Vitest global setup: compiles the server (and the core it imports) into its
 * own folder, so the tests run the same JavaScript the `bin` runs, and
 * `npm pack` rebuilding dist-lib elsewhere cannot pull it from under them.
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { bundleCommand } from '../../../scripts/bundle-command.mjs'
import { BUILD_ROOT, REPOSITORY } from './paths.ts'

export default function setup(): void {
  buildServerInto(BUILD_ROOT)
}

/** Compiles the server into `root`/dist-lib (its command bundled as in the package), with the package manifest beside it. */
export function buildServerInto(root: string): void {
  rmSync(root, { recursive: true, force: true })
  const out = join(root, 'dist-lib')
  execFileSync(process.execPath, [join(REPOSITORY, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.server.json', '--outDir', out], {
    cwd: REPOSITORY,
    stdio: 'inherit',
  })
  mkdirSync(join(out, 'api/contract'), { recursive: true })
  for (const file of ['validators.generated.js', 'validators.generated.d.ts']) {
    copyFileSync(join(REPOSITORY, 'src/api/contract', file), join(out, 'api/contract', file))
  }
  bundleCommand(out)
  copyFileSync(join(REPOSITORY, 'package.json'), join(root, 'package.json'))
}
