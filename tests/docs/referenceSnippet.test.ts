/** The iframe for the API reference in docs/docs-sites.md is the one the docs-site example builds and checks, up to its URL and style. */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { markdownSection } from '../support/markdown.ts'

const root = resolve(import.meta.dirname, '../..')
const section = markdownSection('docs/docs-sites.md', '## A live API reference')
const docsPage = readFileSync(resolve(root, 'examples/docs-site/docs/index.md'), 'utf8')

/** The attributes of the first iframe in `text`, by name; a Vue binding (`:src`) counts as its attribute. */
function iframeAttributes(text: string): Record<string, string> {
  const tag = text.match(/<iframe\s([\s\S]*?)><\/iframe>/)?.[1] ?? ''
  return Object.fromEntries([...tag.matchAll(/:?([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name ?? '', value ?? '']))
}

describe('docs/docs-sites.md, "A live API reference"', () => {
  it('shows the reference iframe the docs-site example uses: same page, sandbox, title, referrer policy and loading', () => {
    const snippet = iframeAttributes(section)
    const built = iframeAttributes(docsPage)
    expect(snippet.src).toBe('https://<where you host the playground>/reference.html')
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the docs page binds src with a Vue template literal, kept here as text
    expect(built.src).toBe('`${sandboxUrl}reference.html`')
    for (const name of ['sandbox', 'title', 'referrerpolicy', 'loading']) expect(snippet[name], name).toBe(built[name])
    expect(snippet.sandbox).toBe('allow-scripts allow-same-origin')
  })

  it('links the decision record that explains the page policy', () => {
    expect(section).toContain('(decisions/026-api-reference-renderer.md)')
  })
})
