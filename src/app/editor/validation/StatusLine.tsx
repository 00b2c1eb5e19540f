import type { EditorStatus } from './editorStatus.ts'

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`
}

/** The one-line verdict for the text on screen, announced politely to screen readers. */
export function StatusLine({ status }: { status: EditorStatus }) {
  let body: React.ReactNode
  switch (status.kind) {
    case 'no-key':
      body = <>Not checked by the API: {status.reason}</>
      break
    case 'syntax':
      body = <>JSON syntax error ({plural(status.problems.length, 'problem')}): fix it first; invalid JSON is not sent to the API.</>
      break
    case 'checking':
      body = <>Checking…</>
      break
    case 'valid':
      body = (
        <>
          Valid service.tool/v1 manifest · digest <code className="digest">{status.digest}</code>
        </>
      )
      break
    case 'invalid':
      body = <>{plural(status.problems.length, 'problem')} against service.tool/v1</>
      break
    case 'refused':
      body = (
        <>
          Not checked: <strong>{status.refusal.title}</strong>. {status.refusal.detail}
        </>
      )
      break
  }
  return (
    <p
      className={`editor-status status-${status.kind}`}
      role="status"
      aria-live="polite"
      data-testid="editor-status"
      data-status={status.kind}
    >
      {body}
    </p>
  )
}
