import { CopyButton } from '../ui/CopyButton.tsx'
import { nodeSnippet } from './nodeSnippet.ts'
import type { SpecimenBody } from './specimenBody.ts'

/** A copyable Node program that verifies the specimen the same way the page just did. */
export function NodeSnippet({ body }: { body: SpecimenBody }) {
  const code = nodeSnippet(body)
  return (
    <div className="node-snippet">
      <pre className="code-block" data-testid="node-snippet">
        <code>{code}</code>
      </pre>
      <CopyButton text={code} what="Node snippet" label="Copy Node snippet" />
    </div>
  )
}
