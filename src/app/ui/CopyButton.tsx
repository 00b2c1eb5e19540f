import { useEffect, useState } from 'react'

interface CopyButtonProps {
  /** The text to put on the clipboard; read when clicked, so it can be computed lazily. */
  text: string | (() => string)
  /** What is copied, for the accessible name: "Copy <what>". */
  what: string
  label?: string
  className?: string
}

type CopyState = 'idle' | 'copied' | 'failed'

/**
 * Copies text and says so in a live region; a blocked clipboard is reported, not thrown.
 * The accessible name starts with the verb on screen ("Copy …", then "Copied …"), so a
 * speech-input user can say what they see (WCAG 2.5.3); `label` must be part of "Copy <what>".
 */
export function CopyButton({ text, what, label = 'Copy', className }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 2500)
    return () => clearTimeout(timer)
  }, [state])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(typeof text === 'function' ? text() : text)
      setState('copied')
    } catch {
      setState('failed')
    }
  }
  return (
    <span className="copy">
      <button type="button" className={className} onClick={copy} aria-label={`${state === 'copied' ? 'Copied' : 'Copy'} ${what}`}>
        {state === 'copied' ? 'Copied' : label}
      </button>
      <span className="visually-hidden" role="status">
        {state === 'copied' ? `${what} copied` : ''}
      </span>
      {state === 'failed' ? <span className="copy-failed">Clipboard blocked: select the text and copy it by hand.</span> : null}
    </span>
  )
}
