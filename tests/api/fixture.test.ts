/** Seeding a workspace from a hand-written fixture: known keys in every state and usage history. */
import { describe, expect, it } from 'vitest'
import { seededRandomBytes, snapshotFromFixture, WorkspaceError, type WorkspaceFixture } from '../../src/api/index.ts'
import { exportedRecords } from './support/exportedRecords.ts'
import { makeSandbox } from './support/harness.ts'

const key = (tail: string) => `svc_test_${'F'.repeat(43 - tail.length)}${tail}`
const ACTIVE = key('live')
const REVOKED = key('gone')
const EXPIRED = key('old')
const OTHER_APP = key('two')

const FIXTURE: WorkspaceFixture = {
  keys: [
    { key: ACTIVE, scopes: ['status.read', 'usage.read'], label: 'app config' },
    { key: REVOKED, scopes: ['status.read'], status: 'revoked' },
    { key: EXPIRED, scopes: ['status.read'], status: 'expired' },
    { key: OTHER_APP, scopes: ['usage.read'], app: 'billing', environment: 'staging' },
  ],
  usage: [
    { daysAgo: 0, operationId: 'getProjectStatus', requests: 5, errors: 1 },
    { daysAgo: 3, operationId: 'listTools', requests: 7 },
    { daysAgo: 40, operationId: 'listTools', requests: 100 },
    { app: 'billing', environment: 'staging', daysAgo: 1, operationId: 'getProjectUsage', requests: 9 },
  ],
}

async function seeded(fixture: unknown = FIXTURE) {
  const harness = await makeSandbox()
  await harness.sandbox.workspace.importState(snapshotFromFixture(fixture, { now: harness.clock.now() }))
  return harness
}

describe('snapshotFromFixture', () => {
  it('gives each key its state: active answers, revoked and expired get 401 with their codes', async () => {
    const harness = await seeded()
    expect((await harness.call('/status', { key: ACTIVE })).status).toBe(200)
    const revoked = await harness.call('/status', { key: REVOKED })
    expect([revoked.status, revoked.body.code]).toEqual([401, 'key_revoked'])
    const expired = await harness.call('/status', { key: EXPIRED })
    expect([expired.status, expired.body.code]).toEqual([401, 'key_expired'])
    const listed = await harness.sandbox.workspace.listKeys()
    expect(Object.fromEntries(listed.map((summary) => [summary.lastFour, [summary.status, summary.label]]))).toEqual({
      live: ['active', 'app config'],
      gone: ['revoked', ''],
      Fold: ['expired', ''],
      Ftwo: ['active', ''],
    })
  })

  it('puts usage history on the days counted back from the clock, per project', async () => {
    const harness = await seeded()
    const { body } = await harness.call('/usage', { key: ACTIVE })
    // 5 + 7 from the fixture (day 40 is outside the window), and this request.
    expect(body.totals).toEqual({ requests: 13, errors: 1 })
    expect(body.days.at(-1).operations.getProjectStatus).toEqual({ requests: 5, errors: 1 })
    expect(body.days.at(-4).operations.listTools).toEqual({ requests: 7, errors: 0 })
    const billing = await harness.call('/usage', { key: OTHER_APP })
    expect(billing.body.totals).toEqual({ requests: 10, errors: 0 })
    expect(billing.body.projectId).not.toBe(body.projectId)
  })

  it('stores the keys only as hashes', async () => {
    const snapshot = JSON.stringify(snapshotFromFixture(FIXTURE))
    for (const plaintext of [ACTIVE, REVOKED, EXPIRED, OTHER_APP]) expect(snapshot).not.toContain(plaintext.slice(9))
  })

  it('makes the same ids and secrets from the same seed and clock', () => {
    const options = () => ({ now: Date.UTC(2026, 0, 1), randomBytes: seededRandomBytes('fixture') })
    expect(snapshotFromFixture(FIXTURE, options())).toEqual(snapshotFromFixture(FIXTURE, options()))
    expect(snapshotFromFixture(FIXTURE, options()).keys[0]?.id).not.toBe(
      snapshotFromFixture(FIXTURE, { ...options(), randomBytes: seededRandomBytes('other') }).keys[0]?.id,
    )
  })

  it.each<[string, unknown, string]>([
    ['a list', [], 'Failed to read the workspace fixture: it must be a JSON object with "keys" and "usage".'],
    ['an unknown top-level field', { keys: [], projects: [] }, 'unknown field "projects"'],
    ['keys that are not a list', { keys: {} }, '"keys" must be an array.'],
    [
      'a key with a typo in a field',
      { keys: [{ key: ACTIVE, scopes: ['status.read'], stauts: 'revoked' }] },
      'keys[0] has an unknown field "stauts".',
    ],
    [
      'a key listed twice',
      {
        keys: [
          { key: ACTIVE, scopes: ['status.read'] },
          { key: ACTIVE, scopes: ['usage.read'] },
        ],
      },
      'keys[1].key appears twice.',
    ],
    ['a key without scopes', { keys: [{ key: ACTIVE, scopes: [] }] }, 'keys[0].scopes must be a non-empty list of known scopes.'],
    [
      'an unknown status',
      { keys: [{ key: ACTIVE, scopes: ['status.read'], status: 'paused' }] },
      'keys[0].status must be one of active, revoked, expired.',
    ],
    ['an app with capitals', { keys: [{ key: ACTIVE, scopes: ['status.read'], app: 'Billing' }] }, 'keys[0].app must be'],
    ['an unknown operation', { usage: [{ daysAgo: 0, operationId: 'getEverything', requests: 1 }] }, 'usage[0].operationId must be one of'],
    ['a negative count', { usage: [{ daysAgo: 0, operationId: 'listTools', requests: -1 }] }, 'usage[0].requests must be a whole number'],
    [
      'more errors than requests',
      { usage: [{ daysAgo: 0, operationId: 'listTools', requests: 1, errors: 2 }] },
      'usage[0].errors must not exceed',
    ],
    [
      'the same day and operation twice',
      {
        usage: [
          { daysAgo: 2, operationId: 'listTools', requests: 1 },
          { daysAgo: 2, operationId: 'listTools', requests: 3 },
        ],
      },
      'usage[1] repeats the day and operation',
    ],
  ])('refuses %s with invalid_fixture naming the record', (_name, fixture, message) => {
    let error: unknown
    try {
      snapshotFromFixture(fixture)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(WorkspaceError)
    expect((error as WorkspaceError).code).toBe('invalid_fixture')
    expect((error as WorkspaceError).message).toContain(message)
  })

  it('refuses a malformed key with invalid_key and leaves the workspace as it was', async () => {
    const harness = await makeSandbox()
    await harness.issue(['status.read'])
    const bad = { keys: [{ key: `${ACTIVE}x`, scopes: ['status.read'] }] }
    expect(() => snapshotFromFixture(bad)).toThrow(
      expect.objectContaining({
        code: 'invalid_key',
        message: expect.stringMatching(/^Failed to read keys\[0\] of the workspace fixture: /),
      }),
    )
    expect(await exportedRecords(harness.sandbox)).toEqual({ keys: 1, projects: 1 })
  })
})
