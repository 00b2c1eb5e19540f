/**
 * One-click ways to break a webhook, each failing a different check, so a
 * learner sees every reason a receiver refuses one.
 */
import type { VerifyInput } from './verifySpecimen.ts'

export interface Tamper {
  id: string
  label: string
  /** The form with this change; `nowSeconds` is the receiver's clock, the one the verifier judges by. */
  apply(form: VerifyInput, nowSeconds: number): VerifyInput
}

function replaceHeader(headers: string, name: string, map: (value: string) => string | null): string {
  return headers
    .split(/\r?\n/)
    .flatMap((line) => {
      const colon = line.indexOf(':')
      if (colon <= 0 || line.slice(0, colon).trim().toLowerCase() !== name) return [line]
      const next = map(line.slice(colon + 1).trim())
      return next === null ? [] : [`${name}: ${next}`]
    })
    .join('\n')
}

function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return `whsec_${btoa(String.fromCharCode(...bytes))}`
}

export const TAMPERS: readonly Tamper[] = [
  {
    id: 'payload',
    label: 'Change one character of the payload',
    // A flipped digit or letter near the start: the bytes differ, the JSON may still parse.
    apply: (form) => ({ ...form, payload: form.payload.replace(/[0-9a-z]/, (ch) => (ch === 'a' ? 'b' : 'a')) }),
  },
  {
    id: 'old',
    label: 'Make the timestamp 10 minutes old',
    // Old by the receiver's clock, as the label says: counted from the signing time, the minutes since then would be added.
    apply: (form, nowSeconds) => ({ ...form, headers: replaceHeader(form.headers, 'webhook-timestamp', () => String(nowSeconds - 600)) }),
  },
  {
    id: 'drop-signature',
    label: 'Remove the signature header',
    apply: (form) => ({ ...form, headers: replaceHeader(form.headers, 'webhook-signature', () => null) }),
  },
  {
    id: 'secret',
    label: 'Use another secret',
    apply: (form) => ({ ...form, secret: randomSecret() }),
  },
]
