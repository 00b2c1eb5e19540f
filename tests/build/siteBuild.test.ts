/** The site's build is shared by every suite of a run under the hash of what it is built from (scripts/site-build.mjs). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { sourcesHash } from '../../scripts/site-build.mjs'

const base = mkdtempSync(join(tmpdir(), 'sandbox-site-hash-'))
afterAll(() => rmSync(base, { recursive: true, force: true }))
const savedBase = process.env.PLAYGROUND_BASE
afterEach(() => {
  if (savedBase === undefined) delete process.env.PLAYGROUND_BASE
  else process.env.PLAYGROUND_BASE = savedBase
})

function write(path: string, text: string): void {
  mkdirSync(dirname(join(base, path)), { recursive: true })
  writeFileSync(join(base, path), text)
}

describe('the hash a site build is kept under', () => {
  write('src/app/main.tsx', 'render()')
  write('index.html', '<div id="root"></div>')
  write('vite.config.ts', 'export default {}')

  it('is the same for the same sources, and changes with a byte of any of them', () => {
    const first = sourcesHash(base)
    expect(sourcesHash(base)).toBe(first)
    write('src/app/main.tsx', 'render() ')
    const edited = sourcesHash(base)
    expect(edited).not.toBe(first)
    write('vite.config.ts', 'export default { base: "/" }')
    expect(sourcesHash(base)).not.toBe(edited)
  })

  it('changes when a file moves, though no byte does', () => {
    const before = sourcesHash(base)
    write('src/app/other.tsx', 'x')
    const withOther = sourcesHash(base)
    rmSync(join(base, 'src/app/other.tsx'))
    write('src/app/renamed.tsx', 'x')
    expect(sourcesHash(base)).not.toBe(withOther)
    rmSync(join(base, 'src/app/renamed.tsx'))
    expect(sourcesHash(base)).toBe(before)
  })

  it('ignores what the build does not read', () => {
    const before = sourcesHash(base)
    write('tests/some.test.ts', 'it()')
    write('README.md', '# readme')
    expect(sourcesHash(base)).toBe(before)
  })

  it('differs for a build under a sub-path', () => {
    delete process.env.PLAYGROUND_BASE
    const atRoot = sourcesHash(base)
    process.env.PLAYGROUND_BASE = '/sandbox/'
    expect(sourcesHash(base)).not.toBe(atRoot)
  })
})
