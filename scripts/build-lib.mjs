// Builds the package's JavaScript (dist-lib) beside the one in use and swaps it in with two renames,
// so a `serve` or an `npx developer-sandbox` running from dist-lib never finds it missing or half-built.
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { bundleCommand } from './bundle-command.mjs'

const root = new URL('..', import.meta.url).pathname
const target = join(root, 'dist-lib')
// Beside the target, on the same file system, so the swap is a rename and not a copy.
const next = join(root, `dist-lib.next-${process.pid}`)
const old = join(root, `dist-lib.old-${process.pid}`)
const tsc = join(root, 'node_modules/typescript/bin/tsc')

rmSync(next, { recursive: true, force: true })
try {
  for (const config of ['tsconfig.lib.json', 'tsconfig.server.json', 'tsconfig.worker.json', 'tsconfig.react.json']) {
    execFileSync(process.execPath, [tsc, '-p', config, '--outDir', next], { cwd: root, stdio: 'inherit' })
  }
  for (const file of ['validators.generated.js', 'validators.generated.d.ts']) {
    copyFileSync(join(root, 'src/api/contract', file), join(next, 'api/contract', file))
  }
  execFileSync(process.execPath, [join(root, 'scripts/write-openapi.mjs'), next], { cwd: root, stdio: 'inherit' })
  bundleCommand(next)
} catch (error) {
  rmSync(next, { recursive: true, force: true })
  throw error
}
if (existsSync(target)) renameSync(target, old)
renameSync(next, target)
// The playground page (npm run build:playground) is built apart: a rebuild of the JavaScript keeps it.
if (existsSync(join(old, 'playground'))) renameSync(join(old, 'playground'), join(target, 'playground'))
rmSync(old, { recursive: true, force: true })
