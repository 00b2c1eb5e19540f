import { BASE_PATH } from '../../api/core.ts'
import { type EmbedExample, exampleOperation } from '../examples.ts'
import { CopySnippet } from './CopySnippet.tsx'
import { iframeSnippet, type SnippetTheme, scriptSnippet } from './snippets.ts'

/** One example in the gallery: what it is, the live embed, and the two snippets. */
export function ExampleCard({ example, theme }: { example: EmbedExample; theme: SnippetTheme }) {
  const operation = exampleOperation(example)
  const headingId = `example-${example.id}`
  return (
    <article className="card" aria-labelledby={headingId}>
      <header>
        <h2 id={headingId}>{example.title}</h2>
        <p className="meta">
          <code>{example.id}</code> · {operation.method} {BASE_PATH}
          {operation.path} · expects {example.expectedStatus}
        </p>
      </header>
      {/* embed.js turns this into the live iframe; the key makes a theme change a fresh placeholder. */}
      <div
        key={theme}
        className="live"
        data-sandbox-example={example.id}
        data-title={example.title}
        data-theme={theme === 'auto' ? undefined : theme}
      />
      <CopySnippet label={`Script snippet for ${example.id}`} text={scriptSnippet(example, theme)} />
      <CopySnippet label={`Iframe snippet for ${example.id}`} text={iframeSnippet(example, theme)} />
    </article>
  )
}
