import type { EmbedExample } from '../examples.ts'

interface RequestHeadersProps {
  example: EmbedExample
  /** The held key's hint, or null when the next run issues one. */
  keyHint: string | null
}

/** The request's headers as they will be sent; the key is shown masked, never in full. */
export function RequestHeaders({ example, keyHint }: RequestHeadersProps) {
  const sendsKey = example.scopes.length > 0
  return (
    <dl className="headers">
      <div className={sendsKey ? undefined : 'absent'}>
        <dt>Authorization</dt>
        <dd>{sendsKey ? `Bearer ${keyHint ?? 'svc_test_… (issued when you run)'}` : 'not sent: this example has no key'}</dd>
      </div>
      {Object.entries(example.headers).map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
