/** The body of a POST /webhooks/test 200: a signed specimen and what is needed to verify it. */

export interface SpecimenHeaders {
  'webhook-id': string
  'webhook-timestamp': string
  'webhook-signature': string
}

export interface SpecimenBody {
  specimen: { id: string; type: string; payload: string; headers: SpecimenHeaders }
  verification: {
    scheme: string
    algorithm: string
    secret: string
    signedContent: string
    signatureHeader: string
    toleranceSeconds: number
  }
  delivered: boolean
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
const isString = (value: unknown): value is string => typeof value === 'string'

/** Checks the fields the panel reads, so a surprising answer is reported rather than rendered half. */
export function isSpecimenBody(value: unknown): value is SpecimenBody {
  if (!isRecord(value) || !isRecord(value.specimen) || !isRecord(value.verification)) return false
  const { specimen, verification } = value
  const headers = specimen.headers
  return (
    isString(specimen.id) &&
    isString(specimen.payload) &&
    isRecord(headers) &&
    isString(headers['webhook-id']) &&
    isString(headers['webhook-timestamp']) &&
    isString(headers['webhook-signature']) &&
    isString(verification.secret) &&
    typeof verification.toleranceSeconds === 'number'
  )
}

/** Headers as the verifier's text box shows them: one `name: value` per line, like a raw request. */
export function headersText(headers: SpecimenHeaders): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n')
}
