// In a clone of the repository the command runs dist-lib, the package's build of the sources beside it.
// This brings that build up to date first: the JavaScript when it is missing or older than its sources
// (about 7 s), and for `serve` the playground the package carries too (about 15 s). What it prints goes to
// stderr, so what a script captures from the command's stdout (`keys issue --quiet`) stays the command's own.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { withLock } from './build-lock.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

/** What the clone builds: each output file, whose age is the build's, and the sources it is built from. */
export const BUILDS = [
  {
    what: "the package's JavaScript (dist-lib)",
    output: 'dist-lib/server/bin.js',
    sources: [
      'src',
      'package.json',
      'tsconfig.json',
      'tsconfig.lib.json',
      'tsconfig.server.json',
      'tsconfig.worker.json',
      'scripts/build-lib.mjs',
      'scripts/bundle-command.mjs',
      'scripts/write-openapi.mjs',
    ],
    script: 'scripts/build-lib.mjs',
    forServeOnly: false,
  },
  {
    what: 'the playground (dist-lib/playground)',
    output: 'dist-lib/playground/index.html',
    sources: [
      'src',
      'public',
      'index.html',
      'embed.html',
      'gallery.html',
      'reference.html',
      'vite.config.ts',
      'package-lock.json',
      'scripts/build-playground.mjs',
    ],
    script: 'scripts/build-playground.mjs',
    forServeOnly: true,
  },
]

/** The newest modification time (ms) of these files and of every file under these folders, below `base`. */
export function newestChange(base, paths) {
  let newest = 0
  const visit = (path) => {
    if (!existsSync(path)) return
    const stat = statSync(path)
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name))
    else newest = Math.max(newest, stat.mtimeMs)
  }
  for (const path of paths) visit(join(base, path))
  return newest
}

/** The builds `argv` needs that are missing or older than their sources, in `base` (a clone). */
export function staleBuilds(base, argv) {
  const serving = argv[0] === 'serve' && !argv.includes('--help') && !argv.includes('-h')
  return BUILDS.filter(({ output, sources, forServeOnly }) => {
    if (forServeOnly && !serving) return false
    const built = join(base, output)
    return !existsSync(built) || statSync(built).mtimeMs < newestChange(base, sources)
  })
}

/** Builds what the command line needs, or exits with one line on stderr when the clone cannot build. */
export function buildIfStale(argv, base = root) {
  if (staleBuilds(base, argv).length === 0) return
  let failed = false
  // One build at a time in a clone: two commands started together would both swap dist-lib in.
  withLock(join(base, 'dist-lib.build-lock'), "another command's build in this clone", () => {
    // Looked at again under the lock: a command that waited finds what the other one built.
    for (const build of staleBuilds(base, argv)) {
      if (!existsSync(join(base, 'node_modules/typescript')) || !existsSync(join(base, 'node_modules/vite'))) {
        process.stderr.write(`Failed to build ${build.what}: this clone has no dependencies installed. Run npm install in ${base} first.\n`)
        failed = true
        return
      }
      const missing = !existsSync(join(base, build.output))
      process.stderr.write(`Building ${build.what} from this clone's sources (${missing ? 'not built yet' : 'older than them'})…\n`)
      try {
        execFileSync(process.execPath, [join(base, build.script)], { cwd: base, stdio: ['ignore', 2, 2] })
      } catch {
        process.stderr.write(`Failed to build ${build.what} from this clone's sources: see the output above.\n`)
        failed = true
        return
      }
    }
  })
  if (failed) process.exit(1)
}
