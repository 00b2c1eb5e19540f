import { useLayoutEffect, useRef } from 'react'
import { sandboxTime } from '../state/connection/sandboxControlsStore.ts'
import { useKeyVault } from '../state/keys/keyVault.ts'
import { useWorkspace } from '../state/keys/workspaceStore.ts'
import { useConnection } from '../state/runtime/runtimeStore.ts'
import { formatRelative } from '../ui/format.ts'
import { type RotationStep, useRotation } from './rotationStore.ts'

const STEPS: { step: RotationStep; title: string }[] = [
  { step: 'issue', title: 'Issue a new key with the same app, environment and scopes' },
  { step: 'use', title: 'Put the new key on your server and check that it works' },
  { step: 'revoke', title: 'Revoke the old key' },
]
const ORDER: RotationStep[] = ['issue', 'use', 'revoke', 'done']

/** Walks through a rotation without downtime: new key first, old key last. */
export function RotationPanel() {
  const client = useConnection().api
  const rotation = useRotation((state) => state)
  const keys = useWorkspace((state) => state.keys)
  const issue = useWorkspace((state) => state.issue)
  const revoke = useWorkspace((state) => state.revoke)
  const freshKey = useKeyVault((vault) => (rotation.newId ? vault.secrets[rotation.newId] : undefined))
  const heading = useRef<HTMLHeadingElement>(null)
  useLayoutEffect(() => {
    if (rotation.oldId) heading.current?.focus()
  }, [rotation.oldId])
  const old = keys.find((key) => key.id === rotation.oldId)
  if (!rotation.oldId || !old) return null
  const fresh = keys.find((key) => key.id === rotation.newId)
  const at = ORDER.indexOf(rotation.step)

  return (
    <section className="rotation" aria-labelledby="rotation-title">
      <h3 id="rotation-title" ref={heading} tabIndex={-1}>
        Rotate key …{old.lastFour}
      </h3>
      <ol className="steps">
        {STEPS.map(({ step, title }, index) => (
          <li
            key={step}
            className={index < at ? 'step-done' : index === at ? 'step-current' : 'step-todo'}
            aria-current={index === at ? 'step' : undefined}
          >
            <span className="step-title">
              {title}
              {index < at ? <span className="visually-hidden"> (done)</span> : null}
              {index < at ? ' ✓' : ''}
            </span>
            {step === 'issue' && index === at ? (
              <button type="button" className="primary" disabled={rotation.busy} onClick={() => void rotation.issueReplacement(old, issue)}>
                Issue replacement key
              </button>
            ) : null}
            {step === 'issue' && fresh ? <span className="muted"> New key …{fresh.lastFour} issued and selected.</span> : null}
            {step === 'use' && index === at ? (
              <button
                type="button"
                className="primary"
                disabled={rotation.busy}
                onClick={() => void rotation.tryNewKey(client, fresh, freshKey)}
              >
                Send a test request with the new key
              </button>
            ) : null}
            {step === 'use' && rotation.check ? (
              <span className={rotation.check.status === 200 ? 'ok-text' : 'error-text'} role="status">
                {' '}
                {rotation.check.label} answered {rotation.check.status}
                {rotation.check.status === 200 ? '.' : ': fix this before revoking the old key.'}
              </span>
            ) : null}
            {step === 'revoke' && index === at && old.status === 'expired' ? (
              <>
                <span className="muted small">
                  {' '}
                  The old key has already expired, so nothing can call with it: there is nothing to revoke.{' '}
                </span>
                <button type="button" className="primary" onClick={rotation.finish}>
                  Finish rotation
                </button>
              </>
            ) : null}
            {step === 'revoke' && index === at && old.status === 'active' ? (
              <span className="muted small">
                {' '}
                The old key was last used {old.lastUsedAt ? formatRelative(Date.parse(old.lastUsedAt), sandboxTime()) : 'never'}: revoke it
                once nothing calls with it any more.{' '}
              </span>
            ) : null}
            {step === 'revoke' && index === at && old.status === 'active' ? (
              <button type="button" className="danger" disabled={rotation.busy} onClick={() => void rotation.revokeOld(revoke)}>
                Revoke old key …{old.lastFour}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      {rotation.step === 'done' ? (
        <p className="ok-text" role="status">
          Rotation complete: …{old.lastFour} {old.status === 'expired' ? 'had expired' : 'is revoked'}
          {fresh ? `, …${fresh.lastFour} is in use` : ''}.
        </p>
      ) : null}
      <button type="button" onClick={rotation.close}>
        {rotation.step === 'done' ? 'Close' : 'Cancel rotation'}
      </button>
    </section>
  )
}
