import type { VerifyResult } from './verifySpecimen.ts'

/** The verdict in words: verified, or the one reason a receiver would refuse the webhook. */
export function VerifyResultView({ result }: { result: VerifyResult }) {
  if (result.ok) {
    return (
      <div className="verify-result is-ok" role="status" data-testid="verify-result" data-reason="verified">
        <strong>Verified.</strong> The signature matches the payload, id and timestamp under this secret, and the timestamp is within 5
        minutes of now{result.eventType ? ` (event ${result.eventType})` : ''}.
      </div>
    )
  }
  return (
    <div className="verify-result is-failed" role="status" data-testid="verify-result" data-reason={result.reason}>
      <strong>Refused: {result.title}.</strong> {result.detail}
      {result.libraryMessage ? (
        <span className="muted small">
          {' '}
          (standardwebhooks: <code>{result.libraryMessage}</code>)
        </span>
      ) : null}
    </div>
  )
}
