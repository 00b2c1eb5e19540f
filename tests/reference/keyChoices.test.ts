import { describe, expect, it } from 'vitest'
import type { KeySummary } from '../../src/api/core.ts'
import { keyChoices } from '../../src/reference/keyChoices.ts'

function summary(id: string, overrides: Partial<KeySummary> = {}): KeySummary {
  return {
    id,
    label: '',
    lastFour: id.slice(-4),
    projectId: 'prj_1',
    app: 'playground',
    environment: 'sandbox',
    scopes: ['status.read'],
    createdAt: '2026-11-01T00:00:00.000Z',
    expiresAt: '2027-05-01T00:00:00.000Z',
    revokedAt: null,
    lastUsedAt: null,
    status: 'active',
    ...overrides,
  }
}

const secret = (n: number) => `svc_test_${String(n).repeat(43).slice(0, 43)}`

describe('keyChoices', () => {
  it('offers only active keys whose secret this browser holds, named by label, last four and scope count', () => {
    const keys = [
      summary('key_aaaa', { label: 'reference', scopes: ['status.read', 'usage.read'] }),
      summary('key_bbbb'),
      summary('key_cccc', { status: 'revoked', revokedAt: '2026-11-02T00:00:00.000Z' }),
    ]
    const { choices, withoutSecret } = keyChoices(keys, { key_aaaa: secret(1), key_cccc: secret(3) })
    expect(choices).toEqual([{ id: 'key_aaaa', name: 'reference …aaaa (2 scopes)', key: secret(1), scopes: ['status.read', 'usage.read'] }])
    // key_bbbb is active but its secret lives in another tab; the revoked key is not counted at all.
    expect(withoutSecret).toBe(1)
  })

  it('names a key without a label by its app, and says "1 scope" in the singular', () => {
    const { choices } = keyChoices([summary('key_dddd', { app: 'habit-tracker' })], { key_dddd: secret(4) })
    expect(choices[0]?.name).toBe('habit-tracker …dddd (1 scope)')
  })

  it('offers nothing from an empty workspace', () => {
    expect(keyChoices([], { key_x: secret(5) })).toEqual({ choices: [], withoutSecret: 0 })
  })
})
