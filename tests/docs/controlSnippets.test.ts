/** The snippets of docs/control.md are verbatim excerpts of files that run in CI. */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { markdownSection, quotedSnippets } from '../support/markdown.ts'

const root = resolve(import.meta.dirname, '../..')
const section = markdownSection('docs/control.md', '# Control it from any language')
/** Trailing spaces only: Python's indentation is part of what is quoted. */
const normalise = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim()

const snippets = quotedSnippets(section)

describe('docs/control.md', () => {
  it('takes the Python and the TypeScript examples from tested files', () => {
    expect(snippets.map((snippet) => snippet.path)).toEqual([
      'examples/python/test_sandbox.py',
      'tests/control/controlClient.test.ts',
      'tests/e2e/bridgeControl.spec.ts',
    ])
  })

  it.each(snippets.map((snippet) => [snippet.path, snippet] as const))('quotes %s verbatim', (path, { code }) => {
    const file = readFileSync(resolve(root, path), 'utf8')
    // Python keeps its indentation; the TypeScript excerpt comes from inside a block.
    const text = path.endsWith('.py')
      ? normalise(file)
      : file
          .split('\n')
          .map((line) => line.trim())
          .join('\n')
    const quoted = path.endsWith('.py')
      ? normalise(code)
      : code
          .split('\n')
          .map((line) => line.trim())
          .join('\n')
          .trim()
    expect(text).toContain(quoted)
  })

  it('lists every route the control API document has', async () => {
    const { buildControlOpenApiDocument } = await import('../../src/api/core.ts')
    for (const path of Object.keys(buildControlOpenApiDocument().paths)) {
      const shown = path === '/keys/{id}/revoke' ? '…/keys/{id}/revoke' : `/_developer-sandbox${path}`
      expect(section, path).toContain(shown)
    }
  })
})
