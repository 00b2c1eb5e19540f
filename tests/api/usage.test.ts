/** GET /usage: daily UTC buckets per operation, 30 days ending today, one project only, storage that does not grow. */
import { describe, expect, it } from 'vitest'
import { USAGE_RETENTION_DAYS } from '../../src/api/domain/usageDays.ts'
import { OPERATIONS, SCOPES } from '../../src/api/index.ts'
import { validRequest } from './support/contract.ts'
import { makeSandbox } from './support/harness.ts'
import { countRecords } from './support/rawDatabase.ts'

const DAY_MS = 86_400_000
type Counts = { requests: number; errors: number }
interface Usage {
  projectId: string
  window: { days: number; from: string; to: string; timeZone: string }
  totals: Counts
  operations: Record<string, Counts>
  days: { date: string; requests: number; errors: number; operations: Record<string, Counts> }[]
}

async function usageOf(call: Awaited<ReturnType<typeof makeSandbox>>['call'], key: string): Promise<Usage> {
  const result = await call('/usage', { key })
  expect(result.status).toBe(200)
  return result.body as Usage
}

const day = (usage: Usage, date: string) => usage.days.find((entry) => entry.date === date)

describe('what is counted', () => {
  it('counts requests and errors (status ≥ 400) per operation, refused ones included', async () => {
    const { call, issue, sandbox } = await makeSandbox()
    const full = await issue(SCOPES)
    const narrow = await issue(['tools.validate', 'usage.read'])
    const revoked = await issue(SCOPES)
    await sandbox.workspace.revokeKey(revoked.id)
    await call('/status', { key: full.key }) // 200
    await call('/status', { key: full.key }) // 200
    await call('/status', { key: narrow.key }) // 403
    await call('/status?x=1', { key: full.key }) // 400
    await call('/status', { key: revoked.key }) // 401, still this project's
    await call('/tools/validate', {
      key: narrow.key,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"manifest":{}}',
    }) // 422
    const usage = await usageOf(call, narrow.key)
    expect(usage.operations.getProjectStatus).toEqual({ requests: 5, errors: 3 })
    expect(usage.operations.validateTool).toEqual({ requests: 1, errors: 1 })
    expect(usage.operations.getProjectUsage).toEqual({ requests: 1, errors: 0 })
    expect(usage.totals).toEqual({ requests: 7, errors: 4 })
    expect(day(usage, '2026-11-22')?.operations.getProjectStatus).toEqual({ requests: 5, errors: 3 })
    expect(day(usage, '2026-11-22')).toMatchObject({ requests: 7, errors: 4 })
  })

  it('counts 429s as errors', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue(SCOPES)
    for (let i = 0; i < 125; i++) await call('/status', { key })
    const other = await issue(['usage.read'])
    expect((await usageOf(call, other.key)).operations.getProjectStatus).toEqual({ requests: 125, errors: 5 })
  })

  it('does not count what cannot be attributed to a project: no key, unknown key, 404, 405, 413, bad X-Request-ID, 503', async () => {
    let authorization: 'ok' | 'unavailable' = 'ok'
    const { call, issue } = await makeSandbox({ faults: () => ({ authorization }) })
    const { key } = await issue(SCOPES)
    await call('/status')
    await call('/status', { headers: { Authorization: `Bearer svc_test_${'x'.repeat(43)}` } })
    await call('/nope', { key })
    await call('/status', { key, method: 'POST' })
    await call('/tools/validate', { key, method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'x'.repeat(70_000) })
    await call('/status', { key, headers: { 'X-Request-ID': 'not ok' } })
    authorization = 'unavailable'
    await call('/status', { key })
    authorization = 'ok'
    expect((await usageOf(call, key)).totals).toEqual({ requests: 1, errors: 0 })
  })
})

describe('daily UTC buckets and the 30-day window', () => {
  it('puts 23:59:59.999 and 00:00:00.000 UTC in different days', async () => {
    const { call, issue, clock } = await makeSandbox()
    const { key } = await issue(SCOPES)
    clock.set(Date.UTC(2026, 10, 22, 23, 59, 59, 999))
    await call('/status', { key })
    clock.set(Date.UTC(2026, 10, 23, 0, 0, 0, 0))
    await call('/status', { key })
    const usage = await usageOf(call, key)
    expect(usage.window).toEqual({ days: 30, from: '2026-10-25', to: '2026-11-23', timeZone: 'UTC' })
    expect(day(usage, '2026-11-22')?.operations.getProjectStatus).toEqual({ requests: 1, errors: 0 })
    expect(day(usage, '2026-11-23')?.operations.getProjectStatus).toEqual({ requests: 1, errors: 0 })
    expect(usage.days.map((entry) => entry.date)).toEqual(
      Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 9, 25) + i * DAY_MS).toISOString().slice(0, 10)),
    )
  })

  it('keeps a day in the report for 30 days ending today and leaves it out once the clock is 31 days on', async () => {
    const { call, issue, clock } = await makeSandbox()
    const { key } = await issue(SCOPES)
    for (let i = 0; i < 4; i++) await call('/status', { key })
    const start = clock.now()

    clock.set(start + 29 * DAY_MS)
    const lastDay = await usageOf(call, key)
    expect(lastDay.days[0]).toMatchObject({ date: '2026-11-22', requests: 4 })
    expect(lastDay.operations.getProjectStatus).toEqual({ requests: 4, errors: 0 })

    clock.set(start + 31 * DAY_MS)
    const later = await usageOf(call, key)
    expect(later.window.from).toBe('2026-11-24')
    expect(later.operations.getProjectStatus).toEqual({ requests: 0, errors: 0 })
    // Only the two GET /usage calls are in the window, the one 29 days on and this one.
    expect(later.operations.getProjectUsage).toEqual({ requests: 2, errors: 0 })
    expect(later.totals).toEqual({ requests: 2, errors: 0 })
  })

  it('loses nothing when the clock moves 31 days on, serves a request and comes back', async () => {
    const { call, issue, clock } = await makeSandbox()
    const { key } = await issue(SCOPES)
    for (let i = 0; i < 23; i++) await call('/status', { key })
    const today = clock.now()
    const before = await usageOf(call, key)
    expect(before.totals).toEqual({ requests: 24, errors: 0 })

    clock.set(today + 31 * DAY_MS)
    await call('/status', { key })
    clock.set(today + 400 * DAY_MS)
    await call('/status', { key })
    clock.set(today - 90 * DAY_MS)
    await call('/status', { key })
    clock.set(today)

    const after = await usageOf(call, key)
    expect(after.operations.getProjectStatus).toEqual({ requests: 23, errors: 0 })
    expect(after.operations.getProjectUsage).toEqual({ requests: 2, errors: 0 })
    expect(day(after, '2026-11-22')).toMatchObject({ requests: 25, errors: 0 })
  })
})

describe('retention', () => {
  it(`keeps the buckets of the newest ${USAGE_RETENTION_DAYS} days with traffic and no more, however many days pass`, async () => {
    const { call, issue, clock, dump } = await makeSandbox()
    const { key } = await issue(SCOPES)
    const start = clock.now()
    for (let offset = 0; offset < USAGE_RETENTION_DAYS + 25; offset++) {
      clock.set(start + offset * DAY_MS)
      await call('/status', { key })
    }
    const days = new Set(((await dump()).usage as { day: string }[]).map((bucket) => bucket.day))
    expect(days.size).toBe(USAGE_RETENTION_DAYS)
    const usage = await usageOf(call, key)
    expect(usage.operations.getProjectStatus).toEqual({ requests: 30, errors: 0 })
    expect([...days].sort()[0]).toBe(new Date(start + 25 * DAY_MS).toISOString().slice(0, 10))
  })

  it('never drops a day of the window the clock shows, even when the traffic before it is newer', async () => {
    const { call, issue, clock, dump } = await makeSandbox()
    const { key } = await issue(SCOPES)
    const start = clock.now()
    for (let offset = 0; offset < USAGE_RETENTION_DAYS; offset++) {
      clock.set(start + offset * DAY_MS)
      await call('/status', { key })
    }
    // Back a year: every stored day is now in the future, and the new ones are the oldest.
    const past = start - 365 * DAY_MS
    for (let offset = 0; offset < 5; offset++) {
      clock.set(past + offset * DAY_MS)
      await call('/status', { key })
    }
    const usage = await usageOf(call, key)
    expect(usage.operations.getProjectStatus).toEqual({ requests: 5, errors: 0 })
    const days = new Set(((await dump()).usage as { day: string }[]).map((bucket) => bucket.day))
    expect(days.size).toBe(USAGE_RETENTION_DAYS)
  })
})
describe('one project only', () => {
  it('shows keys of another app, or another environment, none of this project’s usage', async () => {
    const { call, issue } = await makeSandbox()
    const mine = await issue(SCOPES, { app: 'mine' })
    const sibling = await issue(SCOPES, { app: 'mine' })
    const otherApp = await issue(SCOPES, { app: 'other' })
    const otherEnvironment = await issue(SCOPES, { app: 'mine', environment: 'staging' })
    for (let i = 0; i < 5; i++) await call('/status', { key: mine.key })
    expect((await usageOf(call, otherApp.key)).totals).toEqual({ requests: 1, errors: 0 })
    expect((await usageOf(call, otherEnvironment.key)).totals).toEqual({ requests: 1, errors: 0 })
    const shared = await usageOf(call, sibling.key)
    expect(shared.projectId).toBe(mine.projectId)
    expect(shared.totals).toEqual({ requests: 6, errors: 0 })
    expect(otherApp.projectId).not.toBe(mine.projectId)
    expect(otherEnvironment.projectId).not.toBe(mine.projectId)
  })
})

describe('storage', () => {
  it('holds as many records after 1,000 requests as after 100, spread over four keys and every operation', async () => {
    const { call, issue, clock, dump } = await makeSandbox()
    const keys = [await issue(SCOPES), await issue(SCOPES), await issue(SCOPES, { app: 'second' }), await issue(SCOPES, { app: 'second' })]
    const send = async (i: number) => {
      const operation = OPERATIONS[i % OPERATIONS.length] ?? OPERATIONS[0]
      const key = keys[i % keys.length]?.key ?? ''
      clock.advance(500)
      const result = await call(operation.path, { key, ...validRequest(operation) })
      expect(result.status).toBe(200)
    }
    for (let i = 0; i < 100; i++) await send(i)
    const after100 = countRecords(await dump())
    for (let i = 100; i < 1_000; i++) await send(i)
    const after1000 = countRecords(await dump())
    expect(after1000).toEqual(after100)
    expect(after100.usage).toBe(2 * OPERATIONS.length)
    const activity = Object.values(await dump()).flat()
    for (const record of activity) {
      const stamps = (record as { stamps?: unknown[] }).stamps
      if (stamps) expect(stamps.length).toBeLessThanOrEqual(120)
    }
    const usage = await usageOf(call, keys[0]?.key ?? '')
    expect(usage.totals.requests).toBe(501)
  })
})
