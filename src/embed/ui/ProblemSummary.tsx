/** A problem-details body as a reader wants it first: the code, the reason, the scope or the pointers. */

interface Problem {
  code?: unknown
  detail?: unknown
  requiredScope?: unknown
  errors?: unknown
}

interface Violation {
  pointer: string
  message: string
}

function violations(errors: unknown): Violation[] {
  if (!Array.isArray(errors)) return []
  return errors.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return []
    const { pointer, message } = item as Record<string, unknown>
    return typeof pointer === 'string' && typeof message === 'string' ? [{ pointer, message }] : []
  })
}

export function ProblemSummary({ body }: { body: unknown }) {
  if (typeof body !== 'object' || body === null) return null
  const problem = body as Problem
  const list = violations(problem.errors)
  return (
    <div className="problem">
      {typeof problem.code === 'string' ? (
        <p>
          <code className="code">{problem.code}</code> {typeof problem.detail === 'string' ? problem.detail : ''}
        </p>
      ) : null}
      {typeof problem.requiredScope === 'string' ? (
        <p>
          Required scope: <code>{problem.requiredScope}</code>
        </p>
      ) : null}
      {list.length > 0 ? (
        <table className="pointers">
          <caption>Where the body is wrong (JSON Pointer)</caption>
          <thead>
            <tr>
              <th scope="col">Pointer</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {list.map((violation) => (
              <tr key={`${violation.pointer} ${violation.message}`}>
                <td>
                  <code>{violation.pointer || '(root)'}</code>
                </td>
                <td>{violation.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  )
}
