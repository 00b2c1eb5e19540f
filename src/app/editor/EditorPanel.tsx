import type { SandboxClient } from '../../client/sandboxClient.ts'

export interface EditorPanelProps {
  client: SandboxClient
  /** The key chosen in the key picker, if any (from the key vault). */
  apiKey: string | undefined
}

/** Placeholder for the Monaco manifest editor, which another engineer builds here. */
export default function EditorPanel({ apiKey }: EditorPanelProps) {
  return (
    <section className="placeholder" aria-labelledby="editor-placeholder-title">
      <h3 id="editor-placeholder-title">Manifest editor: coming soon</h3>
      <p>
        A JSON editor for <code>service.tool/v1</code> manifests, validated and previewed live against the sandbox. Until then, use the
        request console with POST /tools/validate and POST /tools/preview.
      </p>
      <p className="muted small">
        {apiKey ? `It will use the chosen key …${apiKey.slice(-4)}.` : 'It will use the key chosen in the key picker.'}
      </p>
    </section>
  )
}

export { EditorPanel }
