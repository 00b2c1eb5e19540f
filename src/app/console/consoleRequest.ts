import { type OperationDefinition, SAMPLE_MANIFEST } from '../../api/core.ts'

/** The body an operation starts with in the console. */
export function defaultBody(operation: OperationDefinition): string | undefined {
  if (operation.body === 'toolRequest') return JSON.stringify({ manifest: SAMPLE_MANIFEST }, null, 2)
  if (operation.body === 'webhookTest') return JSON.stringify({ message: 'Hello from the playground' }, null, 2)
  return undefined
}

/** Header names the console refuses: the key picker owns Authorization, fetch owns the rest. */
const RESERVED = new Set(['authorization', 'content-length', 'host', 'cookie'])
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/** Why a header row cannot be sent, or undefined when it can. */
export function headerProblem(name: string, value: string): string | undefined {
  const trimmed = name.trim()
  if (!trimmed) return value.trim() ? 'Give the header a name.' : undefined
  if (!TOKEN.test(trimmed)) return `"${trimmed}" is not a valid header name.`
  if (RESERVED.has(trimmed.toLowerCase())) {
    return trimmed.toLowerCase() === 'authorization' ? 'Choose the key with the key picker instead.' : `The browser sets ${trimmed} itself.`
  }
  if (/[\r\n]/.test(value)) return 'A header value cannot span lines.'
  return undefined
}
