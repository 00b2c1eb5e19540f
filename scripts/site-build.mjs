// The site's production build (`vite build --manifest`: the playground, the embed page, the gallery and the
// reference), made once for each state of the sources it is built from and kept under the hash of that state.
// The e2e suite, the Docusaurus example's test and the bench serve these same files: each used to build them
// again, a minute or two of a two-core machine each time. A build is written beside its place and renamed into
// it, so a folder that exists is whole, and no later build changes it under a server that serves it.
//
//   node scripts/site-build.mjs [--copy-to <folder>]   prints the build's folder (or copies it there)

import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { withLock } from './build-lock.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const cache = join(root, 'node_modules/.cache/site-builds')
/** What the build reads: the sources, the pages, the config and its plugins (src/build), the locked dependencies. */
const SOURCES = ['src', 'public', 'index.html', 'embed.html', 'gallery.html', 'reference.html', 'vite.config.ts', 'package-lock.json']
/** Builds kept: the newest few, so a server still serving the one before a change keeps its files. */
const KEEP = 3

/** A hash of every source file's path and bytes, and of the base path the build is made for. */
export function sourcesHash(base = root) {
  const hash = createHash('sha256')
  hash.update(`base:${process.env.PLAYGROUND_BASE ?? ''}\0`)
  const visit = (path) => {
    if (!existsSync(path)) return
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name))
      return
    }
    hash.update(`${relative(base, path)}\0`)
    hash.update(readFileSync(path))
    hash.update('\0')
  }
  for (const source of SOURCES) visit(join(base, source))
  return hash.digest('hex').slice(0, 16)
}

function pruneOldBuilds(current) {
  const builds = readdirSync(cache, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^[0-9a-f]{16}$/.test(entry.name) && entry.name !== current)
    .map((entry) => ({ path: join(cache, entry.name), used: statSync(join(cache, entry.name)).mtimeMs }))
    .sort((a, b) => b.used - a.used)
  for (const { path } of builds.slice(KEEP - 1)) rmSync(path, { recursive: true, force: true })
}

/** The folder holding the site built from the sources as they are now: built first when no run built it yet. */
export function builtSite() {
  const key = sourcesHash()
  const folder = join(cache, key)
  mkdirSync(cache, { recursive: true })
  if (!existsSync(folder)) {
    withLock(join(cache, `${key}.lock`), 'another build of the same site', () => {
      // Looked at again under the lock: a run that waited finds what the other one built.
      if (existsSync(folder)) return
      const next = `${folder}.next-${process.pid}`
      try {
        execFileSync(
          process.execPath,
          [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', next, '--emptyOutDir', '--manifest', '--logLevel', 'error'],
          { cwd: root, stdio: ['ignore', 2, 2] },
        )
      } catch (error) {
        rmSync(next, { recursive: true, force: true })
        throw error
      }
      renameSync(next, folder)
    })
  }
  // Its age is when it was last used: the pruning keeps what runs use.
  const now = new Date()
  utimesSync(folder, now, now)
  pruneOldBuilds(key)
  return folder
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const folder = builtSite()
  const at = process.argv.indexOf('--copy-to')
  if (at > 0) {
    const target = process.argv[at + 1]
    if (!target) throw new Error('Failed to copy the site: --copy-to needs a folder')
    rmSync(target, { recursive: true, force: true })
    cpSync(folder, target, { recursive: true })
  } else process.stdout.write(`${folder}\n`)
}
