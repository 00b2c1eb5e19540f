import { execFileSync, spawnSync } from 'node:child_process'
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { REPOSITORY } from '../server/support/paths.ts'

const SCRIPT = join(REPOSITORY, 'scripts/check-lock-files.sh')
const LOCKS = ['package-lock.json', 'examples/react-app/package-lock.json']

let folder: string

/** A git checkout holding committed copies of the repository's lock files. */
function checkout(): string {
  folder = mkdtempSync(join(tmpdir(), 'lock-check-'))
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=ci', '-c', 'user.email=ci@example.invalid', ...args], { cwd: folder })
  git('init', '-q')
  mkdirSync(join(folder, 'examples/react-app'), { recursive: true })
  for (const lock of LOCKS) writeFileSync(join(folder, lock), readFileSync(join(REPOSITORY, lock)))
  git('add', '.')
  git('commit', '-qm', 'locks')
  return folder
}

function check(cwd: string) {
  return spawnSync(SCRIPT, LOCKS, { cwd, encoding: 'utf8' })
}

afterEach(() => rmSync(folder, { recursive: true, force: true }))

describe('the CI lock file check', () => {
  it('passes when the install left every lock file as committed', () => {
    const result = check(checkout())
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  it('fails naming the lock file an install rewrote, and how to fix it', () => {
    const cwd = checkout()
    appendFileSync(join(cwd, LOCKS[1] as string), '\n')
    const result = check(cwd)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(
      'Failed to keep the lock files as committed: the install changed examples/react-app/package-lock.json. Run npm install on a fresh clone and commit the lock file it writes.',
    )
  })

  it('fails outside a git checkout rather than pass unchecked', () => {
    folder = mkdtempSync(join(tmpdir(), 'lock-check-'))
    const result = check(folder)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('is not a git checkout')
  })

  it('runs in CI after the install and again after the tests', () => {
    const lines = readFileSync(join(REPOSITORY, '.ci/run'), 'utf8').split('\n')
    const install = lines.indexOf('npm install --no-audit --no-fund')
    const test = lines.indexOf('npm test')
    expect(lines[install + 1]).toBe('scripts/check-lock-files.sh package-lock.json')
    expect(lines.slice(test + 1)).toContain(
      'scripts/check-lock-files.sh package-lock.json examples/react-app/package-lock.json examples/docusaurus-site/package-lock.json',
    )
  })
})
