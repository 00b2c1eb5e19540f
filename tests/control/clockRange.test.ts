/** The clock shows only instants whose usage days, windows and expiries the state can hold and load again. */
import { describe, expect, it } from 'vitest'
import { LATEST_CLOCK_MS, parseSnapshot } from '../../src/api/core.ts'
import { controlledSandbox } from './support.ts'

const END_OF_DATES = 8.64e15

describe('the clock range', () => {
  it.each([
    ['a move of -70,000,000,000,000 ms', { advanceMs: -70_000_000_000_000 }, '/advanceMs'],
    ['a move to the end of the Date range', { advanceMs: END_OF_DATES - Date.now() }, '/advanceMs'],
    ['a move past the end of the Date range', { advanceMs: Number.MAX_SAFE_INTEGER }, '/advanceMs'],
    ['year 0000', { now: '0000-01-01T00:00:00Z' }, '/now'],
    ['the last instant of 1999', { now: '1999-12-31T23:59:59.999Z' }, '/now'],
    ['year 9999', { now: '9999-01-01T00:00:00Z' }, '/now'],
  ])('refuses %s with 400, the range, and no change', async (_name, change, pointer) => {
    const c = controlledSandbox()
    await c.control('PUT', '/clock', { advanceMs: 5000 })
    const refused = await c.control('PUT', '/clock', change)
    expect(refused.status).toBe(400)
    const problem = (await refused.json()) as { code: string; detail: string; errors: { pointer: string }[] }
    expect(problem.code).toBe('invalid_body')
    expect(problem.errors[0]?.pointer).toBe(pointer)
    expect(problem.detail).toContain('from 2000-01-01T00:00:00.000Z to 9998-12-31T23:59:59.999Z')
    expect(c.controls.clock.offsetMs).toBe(5000)
    expect((await c.control('GET', '/clock')).status).toBe(200)
  })

  it.each([
    ['the first instant', '2000-01-01T00:00:00.000Z'],
    ['the last instant', '9998-12-31T23:59:59.999Z'],
  ])('takes %s, and what requests write then exports and imports again', async (_name, now) => {
    const c = controlledSandbox()
    expect((await c.control('PUT', '/clock', { now })).status).toBe(200)
    const { key } = (await (await c.control('POST', '/keys', { scopes: ['status.read'] })).json()) as { key: string }
    expect((await c.api(key, '/status')).status).toBe(200)
    expect((await c.control('DELETE', '/clock')).status).toBe(200)
    for (const path of ['/clock', '/state', '/requests', '/keys']) expect((await c.control('GET', path)).status).toBe(200)
    const exported = await (await c.control('GET', '/state')).json()
    expect(() => parseSnapshot(exported)).not.toThrow()
    const fresh = controlledSandbox()
    expect((await fresh.control('PUT', '/state', exported)).status).toBe(200)
    expect(await (await fresh.control('GET', '/state')).json()).toMatchObject({ usage: (exported as { usage: unknown[] }).usage })
  })

  it('keeps a key issued at the last instant loadable: it expires inside year 9999', () => {
    expect(new Date(LATEST_CLOCK_MS + 180 * 86_400_000).getUTCFullYear()).toBe(9999)
  })
})
