/** JSON Schema of one request-journal entry: the pipeline records it, the control API answers it, its document describes it. */
import { bool, nullable, obj, str } from './schemaParts.ts'

const headers = {
  type: 'object',
  additionalProperties: { type: 'string' },
  description: 'Header names in lower case; Authorization is always "[redacted]", and any key-shaped text elsewhere too.',
} as const

const journalMessageSchema = obj({
  headers,
  body: { ...nullable(str), description: 'The body text, its first 4,096 characters at most; null when there was none.' },
  bodyTruncated: { ...bool, description: 'True when the body was longer and `body` holds only its start.' },
})

export const journalEntrySchema = {
  ...obj({
    requestId: str,
    time: { type: 'string', description: 'When the request arrived, by the sandbox clock (ISO 8601).' },
    method: str,
    path: { type: 'string', description: 'The path and query as sent.' },
    operationId: { ...nullable(str), description: 'The operation reached; null for a path or method that names none.' },
    status: { type: 'integer', minimum: 100, maximum: 599 },
    keyId: { ...nullable(str), description: 'The known key the request presented; never the key or its hash.' },
    keyLabel: nullable(str),
    durationMs: { type: 'number', minimum: 0 },
    request: journalMessageSchema,
    response: journalMessageSchema,
  }),
  description: 'One API request the sandbox answered, newest first in a list.',
} as const
