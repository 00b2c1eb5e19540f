import { IDBFactory } from 'fake-indexeddb'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createSandbox, OPERATIONS, SCOPES } from '../../src/api/index.ts'
import { BASE, testClock } from './support/harness.ts'

// Thousands of generated requests across every path, method, header and body
// shape. Whatever arrives, the answer keeps the contract, user data is never
// changed by a request, and nothing leaks into Object.prototype.
// Half the runs replay a fixed corpus, the same every run; the other half
// come from a fresh seed each run, printed, so the inputs tried grow run by
// run and a failure replays with FUZZ_SEED=<seed>. Each half runs on its own
// new sandbox, so a seed replays alone exactly as it ran.
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 10_000)
const FIXED_SEED = 20261122
const FRESH_SEED = process.env.FUZZ_SEED === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED)
const FIXED_RUNS = Math.ceil(FUZZ_RUNS / 2)
const FRESH_RUNS = FUZZ_RUNS - FIXED_RUNS

const DOCUMENTED = new Set([200, 400, 401, 403, 404, 405, 413, 422, 429, 503])
const PATHS = [
  ...OPERATIONS.map((operation) => operation.path),
  '/',
  '',
  '/status/',
  '/tools',
  '/nope',
  '/__proto__',
  '/constructor/prototype',
  '/tools/validate/x',
]
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']

const hostileKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'manifest', 'message')
const jsonish = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue(),
    fc.dictionary(hostileKeys, tie('value'), { maxKeys: 4 }),
    fc.array(tie('value'), { maxLength: 5 }),
  ),
})).value

const manifestLike = fc.record(
  {
    schema: fc.oneof(fc.constant('service.tool/v1'), fc.string()),
    entry: fc.oneof(fc.string(), fc.integer()),
    permissions: fc.oneof(fc.array(fc.constantFrom('profile.read', 'sessions.read', 'health.read', '')), jsonish),
    display: fc.oneof(
      jsonish,
      fc.record({
        layout: fc.constantFrom('table', 'timer', 'grid'),
        icon: fc.string({ maxLength: 90 }),
        color: fc.constantFrom('red', 'black'),
        columns: fc.array(fc.record({ name: fc.string({ maxLength: 90 }), type: fc.constantFrom('text', 'photo', 'video') }), {
          maxLength: 26,
        }),
        primaryColumnIndex: fc.oneof(fc.integer({ min: -2, max: 30 }), fc.double()),
      }),
    ),
    __proto__: jsonish,
  },
  { requiredKeys: [] },
)

const bodyBytes = fc.oneof(
  fc.constant(undefined),
  jsonish.map((value) => JSON.stringify(value) ?? 'null'),
  fc.record({ manifest: manifestLike }).map((value) => JSON.stringify(value)),
  fc.record({ message: fc.oneof(fc.string({ maxLength: 210, unit: 'grapheme' }), jsonish) }).map((value) => JSON.stringify(value)),
  fc.nat({ max: 40 }).map((depth) => `{"manifest":{"inputs":${'['.repeat(depth * 3)}${']'.repeat(depth * 3)}}}`),
  fc.integer({ min: 65_530, max: 65_540 }).map((size) => `{"manifest":"${'x'.repeat(size - 16)}"}`),
  fc.uint8Array({ maxLength: 64 }),
  fc.string(),
)

describe('fuzzed requests', () => {
  it(`keep the response contract and change no user data (fixed corpus, seed ${FIXED_SEED}, ${FIXED_RUNS} requests)`, async () => {
    await fuzz(FIXED_SEED, FIXED_RUNS)
  }, 300_000)

  it(`keep the response contract and change no user data (fresh seed ${FRESH_SEED}, ${FRESH_RUNS} requests; replay: FUZZ_SEED=${FRESH_SEED})`, async () => {
    console.info(`fuzz: fresh seed ${FRESH_SEED}; replay this run with FUZZ_SEED=${FRESH_SEED}`)
    await fuzz(FRESH_SEED, FRESH_RUNS)
  }, 300_000)
})

/** Sends `runs` generated requests, drawn from `seed`, to a new sandbox, and checks every answer and what is left after. */
async function fuzz(seed: number, runs: number): Promise<void> {
  const indexedDB = new IDBFactory()
  const clock = testClock()
  const sandbox = await createSandbox({ indexedDB, now: clock.now, databaseName: 'fuzz' })
  const keys = await Promise.all([
    sandbox.workspace.issueKey({ scopes: SCOPES }),
    sandbox.workspace.issueKey({ scopes: ['tools.validate'] }),
    sandbox.workspace.issueKey({ scopes: ['status.read'], app: 'other-app' }),
  ])
  const revoked = await sandbox.workspace.issueKey({ scopes: SCOPES })
  await sandbox.workspace.revokeKey(revoked.id)
  const authorizations = fc.oneof(
    fc.constantFrom(...keys.map((k) => `Bearer ${k.key}`), `Bearer ${revoked.key}`, 'Bearer svc_test_', 'Basic abc', ''),
    fc.string().map((s) => `Bearer ${s}`),
    fc.constant(undefined),
  )
  // What a user made: keys (as stored; lastUsedAt lives apart and is meant to move), projects, endpoints.
  const userData = async () => {
    const state = await sandbox.workspace.exportState()
    return JSON.stringify([state.keys, state.projects, state.webhookEndpoints])
  }
  const before = await userData()
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).join()
  const statuses = new Map<number, number>()

  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        // Plausible requests: a real operation with its method, a real key and JSON, so the deep checks are reached.
        {
          weight: 3,
          arbitrary: fc
            .record({
              operation: fc.constantFrom(...OPERATIONS),
              authorization: fc.constantFrom(...keys.map((k) => `Bearer ${k.key}`)),
              body: bodyBytes,
              advanceMs: fc.integer({ min: 0, max: 2_000 }),
            })
            .map(({ operation, authorization, body, advanceMs }) => ({
              path: operation.path,
              query: '',
              method: operation.method,
              authorization,
              requestId: undefined,
              contentType: 'application/json',
              body,
              advanceMs,
            })),
        },
        // Anything at all.
        {
          weight: 2,
          arbitrary: fc.record({
            path: fc.oneof(fc.constantFrom(...PATHS), fc.webPath()),
            query: fc.oneof(
              fc.constant(''),
              fc.constant('?a=1'),
              fc.constant('?'),
              fc.webQueryParameters().map((q) => `?${q}`),
            ),
            method: fc.constantFrom(...METHODS),
            authorization: authorizations,
            requestId: fc.option(fc.oneof(fc.string({ maxLength: 140 }), fc.stringMatching(/^[A-Za-z0-9._:-]{1,128}$/)), {
              nil: undefined,
            }),
            contentType: fc.option(
              fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', ''),
              { nil: undefined },
            ),
            body: bodyBytes,
            advanceMs: fc.integer({ min: 0, max: 2_000 }),
          }),
        },
      ),
      async (input) => {
        clock.advance(input.advanceMs)
        const headers = new Headers()
        if (input.authorization !== undefined) headers.set('Authorization', input.authorization)
        if (input.requestId !== undefined) {
          try {
            headers.set('X-Request-ID', input.requestId)
          } catch {
            // Not a legal header value at all: fetch itself refuses it, nothing to send.
          }
        }
        if (input.contentType !== undefined) headers.set('Content-Type', input.contentType)
        const hasBody = input.body !== undefined && input.method !== 'GET' && input.method !== 'HEAD'
        const request = new Request(`${BASE}${input.path}${input.query}`, {
          method: input.method,
          headers,
          body: hasBody ? input.body : undefined,
        })
        const response = await sandbox.handle(request)
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)

        expect(DOCUMENTED.has(response.status), `status ${response.status}`).toBe(true)
        expect(response.headers.get('x-request-id')).toBeTruthy()
        for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'])
          expect(response.headers.get(header)).toMatch(/^\d+$/)
        const text = await response.text()
        // A HEAD answers as its GET without the body: the headers above are all there is to check.
        if (input.method === 'HEAD') {
          expect(text).toBe('')
          return
        }
        const body = JSON.parse(text)
        if (response.status >= 400) {
          expect(response.headers.get('content-type')).toBe('application/problem+json')
          expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(['code', 'detail', 'requestId', 'status', 'title', 'type']))
          expect(body.status).toBe(response.status)
          expect(body.requestId).toBe(response.headers.get('x-request-id'))
        }
        if (response.status === 422)
          expect(['/api/developer/v1/tools/validate', '/api/developer/v1/tools/preview']).toContain(new URL(request.url).pathname)
      },
    ),
    { numRuns: runs, seed },
  )

  expect(await userData()).toBe(before)
  expect(Object.getOwnPropertyNames(Object.prototype).join()).toBe(prototypeKeys)
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  // The run really exercised the interesting outcomes, not just one of them.
  for (const status of [200, 400, 401, 403, 404, 405, 413, 422]) expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0)
  console.info(`fuzzed ${runs} requests, seed ${seed}:`, Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))
  await sandbox.close()
}
