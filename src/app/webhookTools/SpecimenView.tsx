import { CopyButton } from '../ui/CopyButton.tsx'
import type { SpecimenBody } from './specimenBody.ts'
import { specimenStore } from './specimenStore.ts'

function prettyPayload(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2)
  } catch {
    return payload
  }
}

/** A specimen as a receiver gets it: the raw payload, the three headers, and the secret to check them with. */
export function SpecimenView({ body }: { body: SpecimenBody }) {
  const { specimen, verification } = body
  return (
    <div className="specimen" data-testid="specimen">
      <p className="muted small">
        {specimen.type} · {specimen.id} · {body.delivered ? 'delivered' : 'not delivered anywhere: the sandbox only returns it to you'}
      </p>
      <h4>Payload (the raw body; it is signed byte for byte)</h4>
      {/* The exact bytes that were signed: a reader comparing signatures must see these, not a re-indented copy. */}
      <pre className="code-block" data-testid="specimen-payload">
        {specimen.payload}
      </pre>
      <details className="specimen-pretty">
        <summary>Pretty-printed, for reading (not the signed bytes)</summary>
        <pre className="code-block">{prettyPayload(specimen.payload)}</pre>
      </details>
      <CopyButton text={specimen.payload} what="raw payload" label="Copy raw payload" />
      <h4>Headers</h4>
      <table className="specimen-headers">
        <tbody>
          {Object.entries(specimen.headers).map(([name, value]) => (
            <tr key={name}>
              <th scope="row">
                <code>{name}</code>
              </th>
              <td>
                <code className="break">{value}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h4>Secret</h4>
      <p>
        <code className="break" data-testid="specimen-secret">
          {verification.secret}
        </code>{' '}
        <CopyButton text={verification.secret} what="webhook secret" />
      </p>
      <p className="muted small">
        {verification.scheme}: {verification.algorithm} over <code>id.timestamp.payload</code>, header {verification.signatureHeader},
        tolerance {verification.toleranceSeconds / 60} minutes. The secret belongs to the project; a receiver keeps it on its server.
      </p>
      <button type="button" onClick={() => specimenStore.getState().loadIntoVerifier(body)}>
        Put this specimen in the verifier
      </button>
    </div>
  )
}
