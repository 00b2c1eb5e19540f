import type { EmbedExample } from '../examples.ts'

/** The key's scopes and anything the example does before the shown request, so the outcome is never a mystery. */
export function SetupNotes({ example }: { example: EmbedExample }) {
  const { clockOffsetDays, warmUpRequests } = example.setup ?? {}
  if (example.scopes.length === 0 && !clockOffsetDays && !warmUpRequests) return null
  return (
    <ul className="notes">
      {example.scopes.length > 0 ? (
        <li>
          Key scopes: <code>{example.scopes.join(' ')}</code>
        </li>
      ) : null}
      {clockOffsetDays ? <li>The sandbox clock moves {clockOffsetDays} days ahead for this request.</li> : null}
      {warmUpRequests ? <li>Sends {warmUpRequests} requests first, with a fresh key, then this one.</li> : null}
    </ul>
  )
}
