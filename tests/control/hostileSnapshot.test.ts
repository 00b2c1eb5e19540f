/** A snapshot is checked as strictly as a manifest: a member the sandbox never writes is refused, and nothing changes. */
import { describe, expect, it } from 'vitest'
import { controlledSandbox } from './support.ts'

/** Puts `member` (raw JSON text, e.g. `"__proto__":{}`) first in the object at `at` of an export's text. */
function withMember(exported: string, at: 'top' | 'key' | 'usage', member: string): string {
  if (at === 'top') return exported.replace(/^\{/, `{${member},`)
  const store = at === 'key' ? '"keys":[{' : '"usage":[{'
  expect(exported).toContain(store)
  return exported.replace(store, `${store}${member},`)
}

describe('a hostile snapshot', () => {
  it.each([
    ['__proto__ at the top', 'top', '"__proto__":{"keys":[]}', '/__proto__'],
    ['__proto__ inside a key record', 'key', '"__proto__":{"revokedAt":null}', '/keys/0/__proto__'],
    ['an unknown member at the top', 'top', '"extra":true', '/extra'],
    ['an unknown member inside a usage record', 'usage', '"note":"hi"', '/usage/0/note'],
    ['a usage day that does not exist', 'usage', '"day":"2026-02-30"', '/usage/0/day'],
  ] as const)('refuses %s with 400 and a pointer, and nothing changes', async (_name, at, member, pointer) => {
    const c = controlledSandbox()
    const { key } = (await (await c.control('POST', '/keys', { scopes: ['status.read'] })).json()) as { key: string }
    expect((await c.api(key, '/status')).status).toBe(200)
    const before = await (await c.control('GET', '/state')).text()
    // A duplicate member later in the text would win in JSON.parse: the day is replaced, not added.
    const text = member.startsWith('"day"') ? before.replace(/"day":"[^"]+"/, member) : withMember(before, at, member)
    const refused = await c.control('PUT', '/state', undefined, { raw: text })
    expect(refused.status).toBe(400)
    const problem = (await refused.json()) as { code: string; detail: string; errors: { pointer: string }[] }
    expect(problem.code).toBe('invalid_snapshot')
    expect(problem.errors[0]?.pointer).toBe(pointer)
    expect(problem.detail).toMatch(/^Failed to import the workspace: /)
    expect(JSON.parse(await (await c.control('GET', '/state')).text()).keys).toEqual(JSON.parse(before).keys)
    expect((await c.api(key, '/status')).status).toBe(200)
    expect(Object.getPrototypeOf({})).toBe(Object.prototype)
  })

  it('still takes its own export back', async () => {
    const c = controlledSandbox()
    await c.control('POST', '/keys', { scopes: ['status.read'] })
    const exported = await (await c.control('GET', '/state')).text()
    const taken = await c.control('PUT', '/state', undefined, { raw: exported })
    expect([taken.status, await taken.json()]).toEqual([200, { keys: 1 }])
  })
})
