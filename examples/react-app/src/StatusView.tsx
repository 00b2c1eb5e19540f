import type { SandboxClient } from 'developer-sandbox/client'
import { ProblemMessage } from './ProblemMessage'
import { useApiResult } from './useApiResult'

export function StatusView({ client }: { client: SandboxClient }) {
  const result = useApiResult(() => client.getProjectStatus())
  return (
    <section aria-labelledby="status-heading">
      <h2 id="status-heading">Project status</h2>
      {result === undefined ? (
        <p role="status">Loading status…</p>
      ) : !result.ok ? (
        <ProblemMessage what="the status" result={result} />
      ) : (
        <dl>
          <dt>App</dt>
          <dd>{result.body.project.app}</dd>
          <dt>Environment</dt>
          <dd>{result.body.environment}</dd>
          <dt>Scopes</dt>
          <dd>{result.body.scopes.join(', ')}</dd>
          <dt>Key</dt>
          <dd>…{result.body.key.lastFour}</dd>
          <dt>API version</dt>
          <dd>{result.body.apiVersion}</dd>
        </dl>
      )}
    </section>
  )
}
