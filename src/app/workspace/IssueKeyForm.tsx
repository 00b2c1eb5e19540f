import { type FormEvent, useId, useLayoutEffect, useRef, useState } from 'react'
import { SCOPES, type Scope } from '../../api/core.ts'
import { type KeyRequest, keyRequestStore } from '../state/keys/keyRequest.ts'
import { useWorkspace } from '../state/keys/workspaceStore.ts'
import { operationForScope, SCOPE_PRESETS, scopeAdvice } from './scopePresets.ts'

const DEFAULT_SCOPES: Scope[] = ['status.read']

function presetFor(scopes: readonly Scope[]): string {
  return (
    SCOPE_PRESETS.find((candidate) => candidate.scopes.length === scopes.length && candidate.scopes.every((s) => scopes.includes(s)))?.id ??
    ''
  )
}

/**
 * Issues a key for one app, one environment and a chosen scope list. The
 * workspace keys it by the latest key request, so a request (a 403 names
 * the scope missing) starts a fresh form with those scopes.
 */
export function IssueKeyForm({ request }: { request: KeyRequest | undefined }) {
  const issue = useWorkspace((state) => state.issue)
  // Taken up once, at mount: a request already settled leaves a later visit on the defaults.
  const [asked] = useState(() => (request && !request.settled ? request : undefined))
  const [app, setApp] = useState('playground')
  const [environment, setEnvironment] = useState('sandbox')
  const [label, setLabel] = useState('')
  const [scopes, setScopes] = useState<Scope[]>(() => (asked ? SCOPES.filter((scope) => asked.scopes.includes(scope)) : DEFAULT_SCOPES))
  const [preset, setPreset] = useState(() => (asked ? presetFor(asked.scopes) : 'getProjectStatus'))
  const [busy, setBusy] = useState(false)
  const ids = useId()
  const advice = scopeAdvice(scopes)
  const title = useRef<HTMLHeadingElement>(null)
  useLayoutEffect(() => {
    if (!asked) return
    title.current?.focus()
    keyRequestStore.getState().settle(asked.nonce)
  }, [asked])

  const toggle = (scope: Scope) => {
    setPreset('')
    setScopes((current) =>
      current.includes(scope) ? current.filter((s) => s !== scope) : SCOPES.filter((s) => s === scope || current.includes(s)),
    )
  }
  const choosePreset = (id: string) => {
    setPreset(id)
    const found = SCOPE_PRESETS.find((candidate) => candidate.id === id)
    if (found) setScopes([...found.scopes])
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    await issue({ app: app.trim(), environment: environment.trim(), scopes, label: label.trim() })
    setBusy(false)
  }

  return (
    <form className="issue-form" onSubmit={submit} aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} ref={title} tabIndex={-1}>
        Issue a key
      </h3>
      <div className="field-row">
        <label className="field">
          <span>App</span>
          <input value={app} onChange={(e) => setApp(e.target.value)} required spellCheck={false} autoComplete="off" />
        </label>
        <label className="field">
          <span>Environment</span>
          <input
            value={environment}
            onChange={(e) => setEnvironment(e.target.value)}
            required
            spellCheck={false}
            list={`${ids}-envs`}
            autoComplete="off"
          />
          <datalist id={`${ids}-envs`}>
            <option value="sandbox" />
            <option value="staging" />
            <option value="development" />
          </datalist>
        </label>
        <label className="field">
          <span>Label (optional)</span>
          <input value={label} onChange={(e) => setLabel(e.target.value)} maxLength={80} autoComplete="off" />
        </label>
      </div>
      <label className="field">
        <span>Preset</span>
        <select value={preset} onChange={(e) => choosePreset(e.target.value)}>
          <option value="">Custom scope list</option>
          {SCOPE_PRESETS.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.label}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="scope-grid">
        <legend>Scopes</legend>
        {SCOPES.map((scope) => (
          <label key={scope} className="scope-option">
            <input type="checkbox" checked={scopes.includes(scope)} onChange={() => toggle(scope)} />
            <code>{scope}</code>
            <span className="muted">{operationForScope(scope)}</span>
          </label>
        ))}
      </fieldset>
      <p className={`advice advice-${advice.level}`} role="status">
        {advice.text}
      </p>
      <button type="submit" className="primary" disabled={busy || scopes.length === 0}>
        {busy ? 'Issuing…' : 'Issue key'}
      </button>
    </form>
  )
}
