import { useEffect, useState } from 'react'

type CopyState = 'idle' | 'copied' | 'failed'

/** A snippet as selectable text with a copy button; a blocked clipboard is said, not thrown. */
export function CopySnippet({ label, text }: { label: string; text: string }) {
  const [state, setState] = useState<CopyState>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 2500)
    return () => clearTimeout(timer)
  }, [state])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setState('copied')
    } catch {
      setState('failed')
    }
  }
  return (
    <figure className="snippet">
      <figcaption>
        {label}
        <button type="button" onClick={copy} aria-label={`${state === 'copied' ? 'Copied' : 'Copy'} ${label}`}>
          {state === 'copied' ? 'Copied' : 'Copy'}
        </button>
        <span role="status" className="copy-state">
          {state === 'copied' ? `${label} copied` : state === 'failed' ? 'Clipboard blocked: select the text and copy it.' : ''}
        </span>
      </figcaption>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: long lines scroll sideways, and a keyboard user can only scroll what can take focus */}
      <pre tabIndex={0}>
        <code>{text}</code>
      </pre>
    </figure>
  )
}
