/** The README's consumer snippets are the example project's own text, so they cannot drift from code that runs. */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const readme = readFileSync(resolve(root, 'README.md'), 'utf8')
const start = readme.indexOf('## Use it in your app and your tests')
const section = readme.slice(start, readme.indexOf('\n## ', start + 1))

/** Each line without its indentation, so an excerpt from inside a block still matches. */
const normalise = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .trim()

const snippets = [...section.matchAll(/<!-- from (\S+) -->\n```\w+\n([\s\S]*?)```/g)].map(([, path, code]) => ({
  path: path ?? '',
  code: code ?? '',
}))

describe('the README section "Use it in your app and your tests"', () => {
  it('takes every code snippet but the shell commands from a named example file', () => {
    const blocks = [...section.matchAll(/```(\w+)\n/g)].map(([, language]) => language)
    expect(snippets.length).toBeGreaterThanOrEqual(10)
    expect(blocks.filter((language) => language !== 'sh')).toHaveLength(snippets.length)
  })

  it.each(snippets.map((snippet) => [snippet.path, snippet] as const))('quotes %s verbatim', (path, { code }) => {
    expect(path).toMatch(/^examples\/react-app\//)
    const file = readFileSync(resolve(root, path), 'utf8')
    expect(normalise(file)).toContain(normalise(code))
  })
})
