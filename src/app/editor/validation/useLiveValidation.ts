/**
 * Sends each settled version of the text to POST /tools/validate (real fetch,
 * the selected key) and keeps the answer with the text it answers, so the
 * view can tell a fresh verdict from one about older text.
 */
import { useEffect, useRef, useState } from 'react'
import type { SandboxClient } from '../../../client/sandboxClient.ts'
import { checkDelay } from './quietTime.ts'
import { toValidationOutcome, type ValidationOutcome } from './validationOutcome.ts'

export interface Verdict {
  /** The exact text this verdict is about. */
  text: string
  /** The key it was asked with: another key may well get another answer (401, 403). */
  apiKey: string | undefined
  outcome: ValidationOutcome
}

interface LiveValidationInput {
  client: SandboxClient
  apiKey: string | undefined
  text: string
  /** The parsed manifest, or undefined when the text is not JSON (nothing is sent then). */
  value: { manifest: unknown } | undefined
  /** False when no usable key is selected: nothing is sent. */
  enabled: boolean
}

/** The latest verdict; compare its `text` and `apiKey` with the current ones before trusting it. */
export function useLiveValidation({ client, apiKey, text, value, enabled }: LiveValidationInput): Verdict | undefined {
  const [verdict, setVerdict] = useState<Verdict>()
  const [retry, setRetry] = useState(0)
  const lastChecked = useRef<string>(undefined)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `retry` re-runs the same request once a 429 has said when
  useEffect(() => {
    if (!enabled || !value) return
    const controller = new AbortController()
    const timer = setTimeout(
      async () => {
        lastChecked.current = text
        const result = await client.validateTool(value.manifest, { key: apiKey, signal: controller.signal })
        if (controller.signal.aborted) return
        const outcome = toValidationOutcome(result)
        setVerdict({ text, apiKey, outcome })
      },
      checkDelay(lastChecked.current, text),
    )
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [client, apiKey, text, value, enabled, retry])

  useEffect(() => {
    const retryAfter = verdict?.outcome.kind === 'refused' ? verdict.outcome.refusal.retryAfterSeconds : null
    if (retryAfter === null) return
    const timer = setTimeout(() => setRetry((count) => count + 1), Math.max(1, retryAfter) * 1000)
    return () => clearTimeout(timer)
  }, [verdict])

  return verdict
}
