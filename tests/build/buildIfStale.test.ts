/** In a clone, the command rebuilds dist-lib (and, for serve, the playground) only when missing or older than the sources. */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { newestChange, staleBuilds } from '../../scripts/build-if-stale.mjs'

const launcher = new URL('../../scripts/build-if-stale.mjs', import.meta.url).href

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

  it('builds once when two commands start together: the second waits for the first build and finds nothing to do', async () => {
    const clone = mkdtempSync(join(tmpdir(), 'sandbox-stale-clone-'))
    try {
      for (const folder of ['node_modules/typescript', 'node_modules/vite', 'scripts', 'src'])
        mkdirSync(join(clone, folder), { recursive: true })
      writeFileSync(join(clone, 'src/a.ts'), '')
      // A stand-in for scripts/build-lib.mjs: slow enough for the two commands to meet, and it notes each run.
      writeFileSync(
        join(clone, 'scripts/build-lib.mjs'),
        `import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs'
appendFileSync('builds.log', 'built\\n')
await new Promise((resolve) => setTimeout(resolve, 700))
mkdirSync('dist-lib/server', { recursive: true })
writeFileSync('dist-lib/server/bin.js', '')
`,
      )
      const command = () =>
        new Promise<{ code: number | null; stderr: string }>((resolve) => {
          const child = spawn(
            process.execPath,
            [
              '--input-type=module',
              '-e',
              `const { buildIfStale } = await import(${JSON.stringify(launcher)}); buildIfStale(['keys', 'list'], ${JSON.stringify(clone)})`,
            ],
            { cwd: clone, stdio: ['ignore', 'ignore', 'pipe'] },
          )
          let stderr = ''
          child.stderr?.on('data', (chunk: Buffer) => {
            stderr += chunk.toString()
          })
          child.once('exit', (code) => resolve({ code, stderr }))
        })
      const [first, second] = await Promise.all([command(), command()])
      expect([first.code, second.code]).toEqual([0, 0])
      expect(readFileSync(join(clone, 'builds.log'), 'utf8')).toBe('built\n')
      expect(`${first.stderr}${second.stderr}`).toContain("Waiting for another command's build in this clone")
      expect(staleBuilds(clone, ['keys'])).toEqual([])
    } finally {
      rmSync(clone, { recursive: true, force: true })
    }
  })
})
