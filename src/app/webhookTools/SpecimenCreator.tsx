import { type FormEvent, useId, useState } from 'react'
import type { SandboxClient } from '../../client/sandboxClient.ts'
import { type ApiRefusal, describeRefusal } from '../ui/apiRefusal.ts'
import { isSpecimenBody } from './specimenBody.ts'
import { specimenStore } from './specimenStore.ts'

/** Longest message the API accepts, in code points. */
const MESSAGE_LIMIT = 200

interface SpecimenCreatorProps {
  client: SandboxClient
  apiKey: string | undefined
  disabled: boolean
}

/** Asks POST /webhooks/test for a signed specimen carrying the user's message. */
export function SpecimenCreator({ client, apiKey, disabled }: SpecimenCreatorProps) {
  const id = useId()
  const [message, setMessage] = useState('')
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<ApiRefusal>()
  const length = Array.from(message).length

  const create = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    const result = await client.createWebhookTest(message === '' ? undefined : message, { key: apiKey })
    setBusy(false)
    if (result.status === 200 && isSpecimenBody(result.body)) {
      setRefusal(undefined)
      specimenStore.getState().setSpecimen(result.body)
      specimenStore.getState().loadIntoVerifier(result.body)
    } else setRefusal(describeRefusal(result, 'createWebhookTest'))
  }

  return (
    <form className="specimen-form" onSubmit={create}>
      <label className="field" htmlFor={id}>
        <span>Message (optional)</span>
        <input
          id={id}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          aria-describedby={`${id}-count`}
          aria-invalid={length > MESSAGE_LIMIT}
          placeholder="Hello from the Developer Sandbox"
          autoComplete="off"
        />
      </label>
      <p id={`${id}-count`} className={`muted small${length > MESSAGE_LIMIT ? ' error-text' : ''}`}>
        {length} / {MESSAGE_LIMIT} characters
      </p>
      <button type="submit" className="primary" disabled={disabled || busy || length > MESSAGE_LIMIT}>
        {busy ? 'Creating…' : 'Create a signed specimen'}
      </button>
      {refusal ? (
        <p className="specimen-refusal" role="alert">
          <strong>{refusal.title}</strong> {refusal.detail}
        </p>
      ) : null}
    </form>
  )
}
