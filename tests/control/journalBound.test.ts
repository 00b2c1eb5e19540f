import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { JOURNAL_BODY_LIMIT, RequestJournal } from '../../src/api/pipeline/requestJournal.ts'
import { controlledSandbox } from './support.ts'

setFlagsFromString('--expose-gc')
const collect = runInNewContext('gc') as () => void

function heapAfterCollection(): number {
  collect()
  collect()
  return process.memoryUsage().heapUsed
}

describe('the request journal', () => {
  it('keeps the newest entries of a ring, oldest out first', () => {
    const journal = new RequestJournal(3)
    for (const id of ['a', 'b', 'c', 'd']) journal.record({ requestId: id } as never)
    expect([...journal.newestFirst()].map((entry) => entry.requestId)).toEqual(['d', 'c', 'b'])
    expect(journal.size).toBe(3)
    journal.clear()
    expect([...journal.newestFirst()]).toEqual([])
    expect(() => new RequestJournal(0)).toThrow(/not a positive integer/)
  })

  it('keeps nothing of a recorded entry alive and hands out copies', async () => {
    const journal = new RequestJournal(3)
    let recorded: { requestId: string; response: { headers: Record<string, string> } } | undefined = {
      requestId: 'req_a',
      response: { headers: { 'x-request-id': 'req_a' } },
    }
    const headersGone = new WeakRef(recorded.response.headers)
    journal.record(recorded as never)
    recorded.response.headers['x-request-id'] = 'changed after recording'
    recorded = undefined
    // A WeakRef holds its target until the job that made it ends.
    await new Promise((resolve) => setTimeout(resolve, 0))
    collect()
    expect(headersGone.deref()).toBeUndefined()

    const [first] = journal.newestFirst()
    expect(first?.response.headers).toEqual({ 'x-request-id': 'req_a' })
    if (first) first.response.headers['x-request-id'] = 'changed by a reader'
    expect(journal.find('req_a')?.response.headers).toEqual({ 'x-request-id': 'req_a' })
  })

  it('finds an entry by request id while it is kept', () => {
    const journal = new RequestJournal(2)
    for (const id of ['a', 'b', 'a', 'c']) journal.record({ requestId: id, status: id === 'a' ? 200 : 201 } as never)
    expect(journal.find('c')?.status).toBe(201)
    expect(journal.find('a')?.requestId).toBe('a')
    journal.record({ requestId: 'd' } as never)
    expect(journal.find('a')).toBeUndefined()
    expect(journal.find('b')).toBeUndefined()
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
