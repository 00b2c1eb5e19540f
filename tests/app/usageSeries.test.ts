import { describe, expect, it } from 'vitest'
import { niceMax, readUsage, seriesFor } from '../../src/app/data/usageSeries.ts'
import { openTestSandbox } from './support/sandbox.ts'

describe('readUsage and seriesFor, on a real GET /usage answer', () => {
  it('reads the window, totals, per-operation counts and 30 days of series', async () => {
    const { sandbox, client, clock } = await openTestSandbox()
    const { key } = await sandbox.workspace.issueKey({ scopes: ['status.read', 'usage.read'] })
    await client.getProjectStatus({ key })
    await client.getProjectStatus({ key })
    await client.listDeveloperSessions({ key }) // refused with 403: still counted, as an error
    clock.advance(86_400_000)
    await client.getProjectStatus({ key })
    const result = await client.getProjectUsage({ key })
    expect(result.status).toBe(200)
    if (!result.ok) throw new Error(`GET /usage answered ${result.status}`)

    const report = readUsage(result.body)
    expect(report.days).toHaveLength(30)
    expect(report.to).toBe('2026-11-23')
    expect(report.from).toBe('2026-10-25')
    // The usage call itself is counted too.
    expect(report.totals).toEqual({ requests: 5, errors: 1 })
    expect(report.byOperation.find((row) => row.operationId === 'getProjectStatus')).toEqual({
      operationId: 'getProjectStatus',
      requests: 3,
      errors: 0,
    })
    expect(report.byOperation.find((row) => row.operationId === 'listDeveloperSessions')).toMatchObject({ requests: 1, errors: 1 })
    expect(report.byOperation).toHaveLength(9)

    const all = seriesFor(report, 'all')
    expect(all.slice(-2)).toEqual([
      { date: '2026-11-22', requests: 3, errors: 1 },
      { date: '2026-11-23', requests: 2, errors: 0 },
    ])
    expect(
      seriesFor(report, 'getProjectStatus')
        .slice(-2)
        .map((point) => point.requests),
    ).toEqual([2, 1])
    expect(seriesFor(report, 'listTools').every((point) => point.requests === 0)).toBe(true)
    await sandbox.close()
  })
})

describe('niceMax', () => {
  it('rounds an axis maximum up to 1, 2, 2.5 or 5 times a power of ten, and never below 4', () => {
    expect([0, 3, 4, 5, 11, 21, 24, 26, 51, 121, 999].map(niceMax)).toEqual([4, 4, 4, 5, 20, 25, 25, 50, 100, 200, 1000])
  })
})
