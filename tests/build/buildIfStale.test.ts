/** In a clone, the command rebuilds dist-lib (and, for serve, the playground) only when missing or older than the sources. */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { newestChange, staleBuilds } from '../../scripts/build-if-stale.mjs'

const base = mkdtempSync(join(tmpdir(), 'sandbox-stale-'))
afterAll(() => rmSync(base, { recursive: true, force: true }))

/** Writes a file below the scratch folder, dated `secondsAgo` before now. */
function file(path: string, secondsAgo: number): void {
  const full = join(base, path)
  mkdirSync(dirname(full), { recursive: true })
  writeFileSync(full, '')
  const when = new Date(Date.now() - secondsAgo * 1000)
  utimesSync(full, when, when)
}
const stale = (argv: string[]) => staleBuilds(base, argv).map((build) => build.output)

describe('what a command in a clone builds first', () => {
  it('builds both for serve when nothing is built, and never the playground for another command or for serve --help', () => {
    file('src/api/core.ts', 100)
    expect(stale(['serve'])).toEqual(['dist-lib/server/bin.js', 'dist-lib/playground/index.html'])
    expect(stale(['keys', 'list'])).toEqual(['dist-lib/server/bin.js'])
    expect(stale(['serve', '--help'])).toEqual(['dist-lib/server/bin.js'])
  })

  it('builds nothing when the builds are newer than every source, and again once a source changes, however deep', () => {
    file('dist-lib/server/bin.js', 50)
    file('dist-lib/playground/index.html', 50)
    expect(stale(['serve', '--port', '0'])).toEqual([])
    file('src/app/editor/deep/Editor.tsx', 10)
    expect(stale(['serve'])).toEqual(['dist-lib/server/bin.js', 'dist-lib/playground/index.html'])
    file('dist-lib/server/bin.js', 5)
    file('dist-lib/playground/index.html', 5)
    file('index.html', 1)
    expect(stale(['serve'])).toEqual(['dist-lib/playground/index.html'])
    expect(stale(['control', 'clock'])).toEqual([])
  })

  it('takes the newest time of files and folders, ignoring paths that do not exist', () => {
    file('a/b/c.txt', 30)
    file('a/d.txt', 20)
    expect(Math.round((Date.now() - newestChange(base, ['a', 'missing'])) / 1000)).toBe(20)
    expect(newestChange(base, ['missing'])).toBe(0)
  })
})
