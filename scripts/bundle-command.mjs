// The command (dist-lib/server/command.js, which bin.js loads once Node's compile cache is on) as one file. Node
// resolves, reads and links each ES module apart, and serve's ~160 modules took longer to load than everything
// else it does before its first answer. Packages stay imports; the library's modules beside it stay as they are
// for those who import them.
import { execFileSync } from 'node:child_process'
import { chmodSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname

/** Bundles `distLib`/server/command.js in place, from the modules compiled beside it. */
export function bundleCommand(distLib) {
  const command = join(distLib, 'server/command.js')
  execFileSync(
    process.execPath,
    [
      join(root, 'node_modules/esbuild/bin/esbuild'),
      command,
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--packages=external',
      '--allow-overwrite',
      '--log-level=warning',
      `--outfile=${command}`,
    ],
    { cwd: root, stdio: 'inherit' },
  )
  chmodSync(join(distLib, 'server/bin.js'), 0o755)
}
