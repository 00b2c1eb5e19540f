// Builds the playground the package carries (dist-lib/playground) beside the one in use and swaps it in,
// so a `serve` running from dist-lib never finds its page half-built or its assets gone.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const target = join(root, 'dist-lib/playground')
// Outside dist-lib, so a rebuild of the JavaScript (scripts/build-lib.mjs swaps dist-lib whole) cannot move it.
const next = join(root, `dist-lib.playground-next-${process.pid}`)
const old = join(root, `dist-lib.playground-old-${process.pid}`)

try {
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', next, '--emptyOutDir', '--sourcemap', 'false'],
    { cwd: root, stdio: 'inherit', env: { ...process.env, PLAYGROUND_ONLY: '1' } },
  )
} catch (error) {
  rmSync(next, { recursive: true, force: true })
  throw error
}
mkdirSync(join(root, 'dist-lib'), { recursive: true })
if (existsSync(target)) renameSync(target, old)
renameSync(next, target)
rmSync(old, { recursive: true, force: true })
