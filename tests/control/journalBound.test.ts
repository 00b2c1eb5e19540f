import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import type { ApiAnswer, ApiRequest } from '../../src/api/pipeline/exchange.ts'
import { JOURNAL_BODY_LIMIT, type JournalFacts } from '../../src/api/pipeline/journalEntry.ts'
import { RequestJournal } from '../../src/api/pipeline/requestJournal.ts'
import { controlledSandbox } from './support.ts'

setFlagsFromString('--expose-gc')
const collect = runInNewContext('gc') as () => void

function heapAfterCollection(): number {
  collect()
  collect()
  return process.memoryUsage().heapUsed
}

const KEY = `svc_test_${'k'.repeat(43)}`

/** One exchange as the pipeline hands it to the journal. */
function exchange(
  requestId: string,
  { status = 200, headers = [] as [string, string][], url = 'http://127.0.0.1/api/developer/v1/status', sent = '', answered = '{}' } = {},
): [ApiRequest, ApiAnswer, JournalFacts] {
  const request: ApiRequest = {
    method: sent ? 'POST' : 'GET',
    url,
    headers: {
      get: () => null,
      forEach: (callback) => {
        for (const [name, value] of headers) callback(value, name)
      },
    },
    body: null,
  }
  const answer: ApiAnswer = { status, headers: { 'content-type': 'application/json', 'x-request-id': requestId }, body: answered }
  const facts: JournalFacts = {
    requestId,
    at: Date.UTC(2026, 10, 26, 12),
    startedMs: performance.now(),
    operationId: 'getProjectStatus',
    keyId: 'key_1',
    keyLabel: 'ci',
    bytes: sent ? new TextEncoder().encode(sent) : null,
  }
  return [request, answer, facts]
}

describe('the request journal', () => {
  it('keeps the newest entries of a ring, oldest out first', () => {
    const journal = new RequestJournal(3)
    for (const id of ['a', 'b', 'c', 'd']) journal.record(...exchange(id))
    expect([...journal.newestFirst()].map((entry) => entry.requestId)).toEqual(['d', 'c', 'b'])
    expect(journal.size).toBe(3)
    journal.clear()
    expect([...journal.newestFirst()]).toEqual([])
    expect(() => new RequestJournal(0)).toThrow(/not a positive integer/)
  })

  it('reads an exchange back as sent: headers lowercased and joined, keys redacted wherever they were', () => {
    const journal = new RequestJournal()
    journal.record(
      ...exchange('req_a', {
        status: 201,
        headers: [
          ['Authorization', `Bearer ${KEY}`],
          ['X-Trace', 'one'],
          ['x-trace', 'two'],
          ['X-Echo', `copy of ${KEY}`],
        ],
        url: `http://127.0.0.1/api/developer/v1/status?key=${KEY}`,
        sent: JSON.stringify({ note: KEY }),
        answered: JSON.stringify({ echoed: KEY }),
      }),
    )
    const entry = journal.find('req_a')
    expect(entry).toEqual({
      requestId: 'req_a',
      time: '2026-11-26T12:00:00.000Z',
      method: 'POST',
      path: '/api/developer/v1/status?key=svc_test_[redacted]',
      operationId: 'getProjectStatus',
      status: 201,
      keyId: 'key_1',
      keyLabel: 'ci',
      durationMs: expect.any(Number),
      request: {
        headers: { authorization: '[redacted]', 'x-trace': 'one, two', 'x-echo': 'copy of svc_test_[redacted]' },
        body: '{"note":"svc_test_[redacted]"}',
        bodyTruncated: false,
      },
      response: {
        headers: { 'content-type': 'application/json', 'x-request-id': 'req_a' },
        body: '{"echoed":"svc_test_[redacted]"}',
        bodyTruncated: false,
      },
    })
  })

  it('redacts a key lying across the 4 KB cut whole, in a header, the request body and the answer', () => {
    const journal = new RequestJournal()
    const across = `${'x'.repeat(JOURNAL_BODY_LIMIT - 20)}${KEY}${'y'.repeat(100)}`
    journal.record(...exchange('req_cut', { headers: [['X-Note', across]], sent: across, answered: across }))
    const entry = journal.find('req_cut')
    const kept = `${'x'.repeat(JOURNAL_BODY_LIMIT - 20)}svc_test_[redacted]y`
    expect(entry?.request.headers['x-note']).toBe(kept)
    expect(entry?.request).toMatchObject({ body: kept, bodyTruncated: true })
    expect(entry?.response).toMatchObject({ body: kept, bodyTruncated: true })
    expect(JSON.stringify(entry)).not.toMatch(/svc_test_k/)
  })

  it('keeps nothing of a recorded exchange alive and hands out copies', async () => {
    const journal = new RequestJournal(3)
    let recorded: [ApiRequest, ApiAnswer, JournalFacts] | undefined = exchange('req_a')
    const answerHeaders = new WeakRef(recorded[1].headers)
    journal.record(...recorded)
    recorded[1].headers['x-request-id'] = 'changed after recording'
    recorded = undefined
    // A WeakRef holds its target until the job that made it ends.
    await new Promise((resolve) => setTimeout(resolve, 0))
    collect()
    expect(answerHeaders.deref()).toBeUndefined()

    const [first] = journal.newestFirst()
    expect(first?.response.headers['x-request-id']).toBe('req_a')
    if (first) first.response.headers['x-request-id'] = 'changed by a reader'
    expect(journal.find('req_a')?.response.headers['x-request-id']).toBe('req_a')
  })

  it('finds an entry by request id while it is kept', () => {
    const journal = new RequestJournal(2)
    for (const [id, status] of [
      ['a', 200],
      ['b', 201],
      ['a', 202],
      ['c', 203],
    ] as const)
      journal.record(...exchange(id, { status }))
    expect(journal.find('c')?.status).toBe(203)
    expect(journal.find('a')?.status).toBe(202)
    journal.record(...exchange('d'))
    expect(journal.find('a')).toBeUndefined()
    expect(journal.find('b')).toBeUndefined()
  })

  it('cuts a long answer at 4 KB when it is recorded and marks it', () => {
    const journal = new RequestJournal()
    journal.record(...exchange('req_long', { answered: JSON.stringify({ padding: 'z'.repeat(9000) }) }))
    const entry = journal.find('req_long')
    expect(entry?.response.body).toHaveLength(JOURNAL_BODY_LIMIT)
    expect(entry?.response.bodyTruncated).toBe(true)
    expect(entry?.request).toEqual({ headers: {}, body: null, bodyTruncated: false })
  })

  it('cuts bodies at 4 KB and marks them', async () => {
    const c = controlledSandbox()
    const { key } = (await (await c.control('POST', '/keys', { scopes: ['webhooks.test'] })).json()) as { key: string }
    const message = 'x'.repeat(150)
    await c.api(key, '/webhooks/test', { method: 'POST', body: JSON.stringify({ message, padding: 'y'.repeat(6000) }) })
    const [entry] = c.controls.journal.newestFirst()
    expect(entry?.request.bodyTruncated).toBe(true)
    expect(entry?.request.body).toHaveLength(JOURNAL_BODY_LIMIT)
    expect(entry?.status).toBe(400)
    expect(entry?.response.bodyTruncated).toBe(false)
  })

  it('stays within its bound over 100,000 requests, and memory stays flat', async () => {
    const c = controlledSandbox({ journalCapacity: 1000 })
    const { key } = (await (await c.control('POST', '/keys', { scopes: ['status.read'] })).json()) as { key: string }
    const request = new Request('http://127.0.0.1:4010/api/developer/v1/status', {
      headers: { Authorization: `Bearer ${key}`, 'User-Agent': 'bound-test', Accept: 'application/json' },
    })
    const run = async (count: number) => {
      for (let index = 0; index < count; index++) {
        // Past the rate window each time: the journal, not the limit, is under test.
        c.controls.clock.advance(600)
        const answer = await c.sandbox.answer(request)
        if (answer.status !== 200) throw new Error(`Failed to answer request ${index}: ${answer.status} ${answer.body}`)
      }
    }
    await run(10_000)
    const settled = heapAfterCollection()
    await run(90_000)
    const after = heapAfterCollection()
    expect(c.controls.journal.size).toBe(1000)
    const journal = (await (await c.control('GET', '/requests?limit=100000')).json()) as { total: number; requests: unknown[] }
    expect(journal.total).toBe(1000)
    expect(journal.requests).toHaveLength(1000)
    expect(JSON.stringify(journal)).not.toContain(key)
    expect(after - settled).toBeLessThan(4 * 1024 * 1024)
  }, 120_000)
})
