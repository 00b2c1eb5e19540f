import { useState } from 'react'
import { applyTheme } from '../embedParams.ts'
import { EXAMPLES } from '../examples.ts'
import { ExampleCard } from './ExampleCard.tsx'
import { loaderUrl, type SnippetTheme } from './snippets.ts'

const THEMES: readonly { value: SnippetTheme; label: string }[] = [
  { value: 'auto', label: "Reader's system setting" },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
]

/** Every example, live, with the snippets a docs author needs to put it on their own site. */
export function Gallery() {
  const [theme, setTheme] = useState<SnippetTheme>('auto')
  const choose = (value: SnippetTheme) => {
    setTheme(value)
    applyTheme(value)
  }
  return (
    <main className="gallery" aria-labelledby="gallery-title">
      <header className="gallery-head">
        <p className="gallery-back">
          {/* The playground is this site's root, wherever the site is served from. */}
          <a href="./">← Back to the playground</a>
        </p>
        <h1 id="gallery-title">Developer Sandbox: runnable examples for your docs</h1>
        <p>
          Each example below runs the real API in the reader's browser, against a sandbox of its own: it issues a key with exactly the
          scopes it needs, revokes it when the page is hidden, and never touches the reader's playground. Readers need no account and no
          key.
        </p>
        <ol>
          <li>
            Put <code>&lt;div data-sandbox-example="id"&gt;&lt;/div&gt;</code> where an example belongs (optionally{' '}
            <code>data-theme="light"</code> or <code>"dark"</code>).
          </li>
          <li>
            Load <code>{loaderUrl()}</code> once per page. It makes each placeholder an iframe and sizes it to its content.
          </li>
          <li>
            If your site sends a Content-Security-Policy, allow this origin in <code>script-src</code> and <code>frame-src</code>.
          </li>
        </ol>
        <p>No script allowed? Use the iframe snippet instead; it has a fixed height.</p>
        <p>
          The whole API, live: the <a href="reference.html">API reference</a> lists every operation with its parameters, examples and
          errors, and its "Try it" is answered by a sandbox in the reader's tab. Embed it with an iframe of <code>reference.html</code>.
        </p>
        <label className="theme-choice">
          Theme of the examples and snippets{' '}
          <select value={theme} onChange={(event) => choose(event.target.value as SnippetTheme)}>
            {THEMES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </header>
      {EXAMPLES.map((example) => (
        <ExampleCard key={example.id} example={example} theme={theme} />
      ))}
    </main>
  )
}
