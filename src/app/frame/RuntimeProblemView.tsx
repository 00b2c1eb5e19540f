import type { RuntimeProblem } from '../state/runtime/runtimeProblem.ts'

/** Says plainly why the sandbox cannot run here and how to fix it. */
export function RuntimeProblemView({ problem }: { problem: RuntimeProblem }) {
  return (
    <section
      className="runtime-problem"
      role="alert"
      aria-labelledby="runtime-problem-title"
      data-testid="runtime-problem"
      data-kind={problem.kind}
    >
      <h2 id="runtime-problem-title">{problem.title}</h2>
      <p>{problem.explanation}</p>
      <h3>How to fix it</h3>
      <ul>
        {problem.fixes.map((fix) => (
          <li key={fix}>{fix}</li>
        ))}
      </ul>
      {problem.detail ? (
        <p className="muted small">
          The browser said: <code>{problem.detail}</code>
        </p>
      ) : null}
      <button type="button" className="primary" onClick={() => location.reload()}>
        Reload and try again
      </button>
    </section>
  )
}
