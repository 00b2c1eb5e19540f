/** The README's iframe for the API reference is the one the docs-site example builds and checks, up to its URL and style. */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const readme = readFileSync(resolve(root, 'README.md'), 'utf8')
const section = readme.slice(readme.indexOf('## A live API reference'), readme.indexOf('## Performance'))
const docsPage = readFileSync(resolve(root, 'examples/docs-site/docs/index.md'), 'utf8')

/** The attributes of the first iframe in `text`, by name; a Vue binding (`:src`) counts as its attribute. */
function iframeAttributes(text: string): Record<string, string> {
  const tag = text.match(/<iframe\s([\s\S]*?)><\/iframe>/)?.[1] ?? ''
  return Object.fromEntries([...tag.matchAll(/:?([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name ?? '', value ?? '']))
}

describe('the README section "A live API reference"', () => {
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
    expect(section).toContain('(docs/decisions/026-api-reference-renderer.md)')
  })
})
