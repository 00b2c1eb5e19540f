/** The two ways to embed an example in docs/docs-sites.md are verbatim excerpts of the example sites that npm test builds. */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { markdownSection, quotedSnippets, withoutIndentation } from '../support/markdown.ts'

const root = resolve(import.meta.dirname, '../..')
const section = markdownSection('docs/docs-sites.md', '## Live examples')
const snippets = quotedSnippets(section)

describe('docs/docs-sites.md, "Live examples"', () => {
  it('shows the plain snippet beside the React component, each from an example site', () => {
    expect(snippets.map((snippet) => snippet.path)).toEqual([
      'examples/docs-site/docs/index.md',
      'examples/docusaurus-site/docs/index.mdx',
      'examples/docusaurus-site/src/theme/Root.js',
    ])
  })

  it.each(snippets.map((snippet) => [snippet.path, snippet] as const))('quotes %s verbatim, line by line', (path, { code }) => {
    const file = withoutIndentation(readFileSync(resolve(root, path), 'utf8'))
    for (const line of withoutIndentation(code).split('\n').filter(Boolean)) expect(file).toContain(line)
  })
})
