import { type FormEvent, useId } from 'react'
import { useSpecimenStore } from './specimenStore.ts'
import { TAMPERS } from './tamper.ts'
import { VerifyResultView } from './VerifyResultView.tsx'
import { verifySpecimen } from './verifySpecimen.ts'

/**
 * Checks a pasted payload, headers and secret in the browser with the
 * `standardwebhooks` library, against this computer's clock as a receiver would.
 */
export function VerifyPanel() {
  const id = useId()
  const form = useSpecimenStore((state) => state.form)
  const specimen = useSpecimenStore((state) => state.specimen)
  const last = useSpecimenStore((state) => state.result)
  const tampered = useSpecimenStore((state) => state.tampered)
  const { edit, setResult, tamper, untamper } = useSpecimenStore((state) => state)

  const verify = (event?: FormEvent) => {
    event?.preventDefault()
    setResult(form, verifySpecimen(form, Math.floor(Date.now() / 1000), specimen))
  }
  // A verdict is shown only for the exact text it judged; after an edit it would mislead.
  const fresh = last && last.form.payload === form.payload && last.form.headers === form.headers && last.form.secret === form.secret

  return (
    <form className="verify-form" onSubmit={verify} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Verify a webhook</h3>
      <label className="field" htmlFor={`${id}-payload`}>
        <span>Payload (raw body)</span>
        <textarea
          id={`${id}-payload`}
          rows={5}
          spellCheck={false}
          value={form.payload}
          onChange={(e) => edit({ payload: e.target.value })}
        />
      </label>
      <label className="field" htmlFor={`${id}-headers`}>
        <span>Headers (one "name: value" per line, or a JSON object)</span>
        <textarea
          id={`${id}-headers`}
          rows={3}
          spellCheck={false}
          value={form.headers}
          onChange={(e) => edit({ headers: e.target.value })}
        />
      </label>
      <label className="field" htmlFor={`${id}-secret`}>
        <span>Secret (whsec_…)</span>
        <input
          id={`${id}-secret`}
          spellCheck={false}
          autoComplete="off"
          value={form.secret}
          onChange={(e) => edit({ secret: e.target.value })}
        />
      </label>
      <div className="button-row">
        <button type="submit" className="primary">
          Verify
        </button>
      </div>
      <fieldset className="tamper-row">
        <legend>Tamper with it, then verify (one change at a time)</legend>
        {TAMPERS.map((each) => (
          <button
            key={each.id}
            type="button"
            aria-pressed={tampered === each.id}
            onClick={() => tamper(each, Math.floor(Date.now() / 1000))}
          >
            {each.label}
          </button>
        ))}
        <button type="button" onClick={untamper} disabled={tampered === undefined}>
          Undo tampering
        </button>
      </fieldset>
      {last && !fresh ? <p className="muted small">Edited since the last check: verify again.</p> : null}
      {last && fresh ? <VerifyResultView result={last.result} /> : null}
    </form>
  )
}
