/**
 * Puts the repository's developer-sandbox, packed as npm would publish it,
 * at vendor/developer-sandbox.tgz (the file this example depends on), then
 * installs the example from it. `npm test` at the root packs it for the React
 * example just before; that tarball is taken when it is there, otherwise this
 * runs `npm pack` itself (which builds the library first).
 *
 * @note npm caches a `file:` tarball by the integrity in package-lock.json, so
 * a rebuilt tarball under an old integrity would install the old contents. The
 * lock keeps no integrity for it, and the installed copy is replaced each time.
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const example = fileURLToPath(new URL('..', import.meta.url))
const repository = join(example, '../..')
const vendor = join(example, 'vendor')
const packedForReactApp = join(repository, 'examples/react-app/vendor/developer-sandbox.tgz')
rmSync(vendor, { recursive: true, force: true })
mkdirSync(vendor, { recursive: true })
if (existsSync(packedForReactApp) && !process.argv.includes('--pack')) {
  copyFileSync(packedForReactApp, join(vendor, 'developer-sandbox.tgz'))
  process.stdout.write('Took the tarball packed for examples/react-app\n')
} else {
  execFileSync('npm', ['pack', '--silent', '--pack-destination', vendor], { cwd: repository, stdio: ['ignore', 'ignore', 'inherit'] })
  const tarball = readdirSync(vendor).find((name) => name.endsWith('.tgz'))
  if (!tarball) throw new Error(`Failed to pack "developer-sandbox": npm pack wrote no tarball in ${vendor}`)
  renameSync(join(vendor, tarball), join(vendor, 'developer-sandbox.tgz'))
}

const lockFile = join(example, 'package-lock.json')
if (existsSync(lockFile)) {
  const lock = JSON.parse(readFileSync(lockFile, 'utf8'))
  const entry = lock.packages?.['node_modules/developer-sandbox']
  if (entry?.integrity) {
    delete entry.integrity
    writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`)
  }
}
rmSync(join(example, 'node_modules/developer-sandbox'), { recursive: true, force: true })
execFileSync('npm', ['install', '--no-save', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
  cwd: example,
  stdio: ['ignore', 'inherit', 'inherit'],
})
