/** Shared expectations and request builders for the API suite. */
import { expect } from 'vitest'
import type { OPERATIONS, OperationDefinition } from '../../../src/api/index.ts'
import { postJson } from './harness.ts'

export type OperationSpec = (typeof OPERATIONS)[number]

/** A manifest that meets every rule of service.tool/v1. */
export const VALID_MANIFEST = {
  schema: 'service.tool/v1',
  name: 'Reading list',
  version: '1.0.0',
  entry: 'reading-list',
  summary: 'Books to read, with a rating each.',
  permissions: ['profile.read', 'sessions.read'],
  consequenceClass: 'C1',
  inputs: { query: { type: 'string' } },
  outputs: { items: { type: 'array' } },
  display: {
    layout: 'table',
    icon: 'book.closed',
    color: 'blue',
    primaryColumnIndex: 0,
    columns: [
      { name: 'Title', type: 'text' },
      { name: 'Rating', type: 'rating', section: 'Review' },
      { name: 'Shelf', type: 'select', options: ['to-read', 'done'] },
    ],
  },
} as const

/** A request a fully scoped key gets 200 for, one per operation. */
export function validRequest(operation: Pick<OperationDefinition, 'body'>): RequestInit {
  if (operation.body === 'toolRequest') return postJson({ manifest: VALID_MANIFEST })
  if (operation.body === 'webhookTest') return postJson({ message: 'hello' })
  return { method: 'GET' }
}

/** Every operation whose input can be malformed in a way only its body shows (a 400 after auth). */
export function badBodyRequest(operation: Pick<OperationDefinition, 'body'>): RequestInit {
  if (operation.body === 'none') return { method: 'GET' }
  return { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"unterminated": ' }
}

export const DOCUMENTED_STATUSES = [200, 400, 401, 403, 404, 405, 413, 422, 429, 503] as const

export interface ProblemBody {
  type: string
  title: string
  status: number
  detail: string
  code: string
  requestId: string
  requiredScope?: string
  errors?: { pointer: string; keyword: string; message: string }[]
}

/** The rate-limit headers every response carries, as numbers. */
export function rateHeaders(headers: Headers) {
  const read = (name: string) => {
    const value = headers.get(name)
    expect(value, name).toMatch(/^\d+$/)
    return Number(value)
  }
  return { limit: read('X-RateLimit-Limit'), remaining: read('X-RateLimit-Remaining'), reset: read('X-RateLimit-Reset') }
}

/**
 * Asserts an RFC 9457 problem-details response with the given status and code,
 * the request id in body and header alike, and the rate-limit headers.
 */
export function expectProblem(result: { status: number; headers: Headers; body: unknown }, status: number, code: string): ProblemBody {
  expect({ status: result.status, code: (result.body as ProblemBody | undefined)?.code }).toEqual({ status, code })
  expect(result.headers.get('Content-Type')).toBe('application/problem+json')
  const body = result.body as ProblemBody
  expect(body).toEqual(
    expect.objectContaining({
      type: `urn:developer-sandbox:problem:${code}`,
      title: expect.any(String),
      status,
      detail: expect.any(String),
      code,
      requestId: result.headers.get('X-Request-ID'),
    }),
  )
  expect(body.title.length).toBeGreaterThan(0)
  expect(body.detail.length).toBeGreaterThan(0)
  expect(body.requestId).toMatch(/^[A-Za-z0-9._:-]{1,128}$/)
  rateHeaders(result.headers)
  return body
}

/** A JSON body as the exact bytes sent, with a JSON content type. */
export function rawJson(body: string | Uint8Array<ArrayBuffer>): RequestInit {
  return { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }
}

export const utf8Length = (text: string) => new TextEncoder().encode(text).byteLength
