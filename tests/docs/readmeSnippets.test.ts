/** The consumer snippets of docs/testing.md are the example project's own text, so they cannot drift from code that runs. */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { markdownSection, quotedSnippets, withoutIndentation } from '../support/markdown.ts'

const root = resolve(import.meta.dirname, '../..')
const section = markdownSection('docs/testing.md', '## In your app and its tests: the example project')

const snippets = quotedSnippets(section)

describe('docs/testing.md, "In your app and its tests: the example project"', () => {
  it('takes every code snippet but the shell commands from a named example file', () => {
    const blocks = [...section.matchAll(/```(\w+)\n/g)].map(([, language]) => language)
    expect(snippets.length).toBeGreaterThanOrEqual(10)
    expect(blocks.filter((language) => language !== 'sh')).toHaveLength(snippets.length)
  })

  it.each(snippets.map((snippet) => [snippet.path, snippet] as const))('quotes %s verbatim', (path, { code }) => {
    expect(path).toMatch(/^examples\/react-app\//)
    const file = readFileSync(resolve(root, path), 'utf8')
    expect(withoutIndentation(file)).toContain(withoutIndentation(code))
  })
})
