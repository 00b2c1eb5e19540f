/** The workspace outside the API: issuing, listing and revoking keys, and export → reset → import. */
import { describe, expect, it } from 'vitest'
import { createSandbox, type IssueKeyOptions, SCOPES, WorkspaceError, type WorkspaceSnapshot } from '../../src/api/index.ts'
import { expectProblem } from './support/contract.ts'
import { makeSandbox } from './support/harness.ts'

type Harness = Awaited<ReturnType<typeof makeSandbox>>

/** The export without its timestamp, for comparing states. */
async function state(harness: Harness) {
  const { exportedAt: _exportedAt, ...rest } = await harness.sandbox.workspace.exportState()
  return rest
}

async function expectWorkspaceError(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(WorkspaceError)
  expect((error as WorkspaceError).code).toBe(code)
  expect((error as WorkspaceError).message).toMatch(/^Failed to /)
}

describe('issueKey', () => {
  it.each<[string, IssueKeyOptions, string]>([
    ['no scopes', { scopes: [] }, 'invalid_scopes'],
    ['an unknown scope', { scopes: ['status.read', 'admin'] as unknown as IssueKeyOptions['scopes'] }, 'invalid_scopes'],
    ['scopes that are not a list', { scopes: 'status.read' as unknown as IssueKeyOptions['scopes'] }, 'invalid_scopes'],
    ['an empty app', { scopes: ['status.read'], app: '' }, 'invalid_app'],
    ['an app with capitals', { scopes: ['status.read'], app: 'MyApp' }, 'invalid_app'],
    ['an app starting with "-"', { scopes: ['status.read'], app: '-app' }, 'invalid_app'],
    ['an app of 64 characters', { scopes: ['status.read'], app: 'a'.repeat(64) }, 'invalid_app'],
    ['an app with an underscore', { scopes: ['status.read'], app: 'my_app' }, 'invalid_app'],
    ['an environment with a space', { scopes: ['status.read'], environment: 'pre prod' }, 'invalid_environment'],
    ['an empty environment', { scopes: ['status.read'], environment: '' }, 'invalid_environment'],
    ['a label of 81 characters', { scopes: ['status.read'], label: 'l'.repeat(81) }, 'invalid_label'],
    ['a label that is not a string', { scopes: ['status.read'], label: 7 as unknown as string }, 'invalid_label'],
  ])('refuses %s with WorkspaceError and creates nothing', async (_name, options, code) => {
    const harness = await makeSandbox()
    const before = await state(harness)
    await expectWorkspaceError(harness.sandbox.workspace.issueKey(options), code)
    expect(await state(harness)).toEqual(before)
    expect(await harness.sandbox.workspace.listKeys()).toEqual([])
  })

  it('accepts a 63-character app, an 80-emoji label, and puts scopes in the spec’s order without duplicates', async () => {
    const { sandbox } = await makeSandbox()
    const issued = await sandbox.workspace.issueKey({
      app: `a${'-'.repeat(61)}9`,
      environment: 'prod-2',
      label: '🔑'.repeat(80),
      scopes: ['webhooks.test', 'status.read', 'webhooks.test', 'tools.read'],
    })
    expect(issued.scopes).toEqual(['status.read', 'tools.read', 'webhooks.test'])
    expect(issued.key).toMatch(/^svc_test_[A-Za-z0-9_-]{43}$/)
    expect(issued.status).toBe('active')
    expect(issued.lastFour).toBe(issued.key.slice(-4))
  })

  it('makes one project when keys for a new app are issued concurrently, even from two instances', async () => {
    const { sandbox, store, clock } = await makeSandbox()
    const twin = await createSandbox({ ...store, now: clock.now })
    const issued = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? twin : sandbox).workspace.issueKey({ app: 'brand-new', scopes: ['status.read'] })),
    )
    expect(new Set(issued.map((key) => key.projectId)).size).toBe(1)
    expect((await sandbox.workspace.exportState()).projects).toHaveLength(1)
  })

  it('gives every key a different secret and id', async () => {
    const { issue } = await makeSandbox()
    const keys = await Promise.all(Array.from({ length: 20 }, () => issue(['status.read'])))
    expect(new Set(keys.map((k) => k.key)).size).toBe(20)
    expect(new Set(keys.map((k) => k.id)).size).toBe(20)
  })
})

describe('listKeys and revokeKey', () => {
  it('lists keys newest first with their status by the clock, never with the key or its hash', async () => {
    const { issue, sandbox, clock } = await makeSandbox()
    const first = await issue(['status.read'])
    clock.advance(1_000)
    const second = await issue(['status.read'])
    clock.advance(1_000)
    const third = await issue(['status.read'])
    await sandbox.workspace.revokeKey(second.id)
    clock.set(Date.parse(first.expiresAt))
    const listed = await sandbox.workspace.listKeys()
    expect(listed.map((summary) => [summary.id, summary.status])).toEqual([
      [third.id, 'active'],
      [second.id, 'revoked'],
      [first.id, 'expired'],
    ])
    for (const summary of listed) {
      expect(summary).toMatchObject({ id: expect.any(String), lastFour: expect.any(String), scopes: ['status.read'] })
      expect(summary).not.toHaveProperty('key')
      expect(summary).not.toHaveProperty('hash')
      for (const value of Object.values(summary)) {
        if (typeof value === 'string') expect(value).not.toMatch(/^svc_test_|^[0-9a-f]{64}$/)
      }
    }
  })

  it('says whether a key is active now as listKeys would: none, issued, expired by the clock, revoked', async () => {
    const { issue, sandbox, clock } = await makeSandbox()
    const agrees = async () => {
      const listed = (await sandbox.workspace.listKeys()).some((summary) => summary.status === 'active')
      expect(await sandbox.workspace.hasActiveKey()).toBe(listed)
      return listed
    }
    expect(await agrees()).toBe(false)
    const first = await issue(['status.read'])
    expect(await agrees()).toBe(true)
    clock.set(Date.parse(first.expiresAt))
    expect(await agrees()).toBe(false)
    const second = await issue(['status.read'])
    expect(await agrees()).toBe(true)
    await sandbox.workspace.revokeKey(second.id)
    expect(await agrees()).toBe(false)
  })

  it('refuses to revoke an unknown key with key_not_found', async () => {
    const { sandbox } = await makeSandbox()
    await expectWorkspaceError(sandbox.workspace.revokeKey('key_0000000000000000'), 'key_not_found')
  })

  it('treats revoking twice as a no-op that keeps the first revocation time', async () => {
    const { sandbox, issue, clock } = await makeSandbox()
    const { id } = await issue(['status.read'])
    const first = await sandbox.workspace.revokeKey(id)
    clock.advance(5_000)
    const second = await sandbox.workspace.revokeKey(id)
    expect(second.revokedAt).toBe(first.revokedAt)
    expect(second.status).toBe('revoked')
  })
})

describe('export, reset and import', () => {
  async function populated() {
    const harness = await makeSandbox()
    const active = await harness.issue(SCOPES)
    const revoked = await harness.issue(SCOPES, { app: 'second' })
    for (let i = 0; i < 3; i++) await harness.call('/status', { key: active.key })
    await harness.call('/profile', { key: revoked.key })
    await harness.sandbox.workspace.revokeKey(revoked.id)
    await harness.call('/profile', { key: revoked.key })
    return { harness, active, revoked }
  }

  it('round-trips keys, usage and limits through export → reset → import', async () => {
    const { harness, active, revoked } = await populated()
    const { sandbox, call } = harness
    const before = await state(harness)
    const snapshot = JSON.parse(JSON.stringify(await sandbox.workspace.exportState())) as WorkspaceSnapshot
    expect(snapshot.keys).toHaveLength(2)
    expect(snapshot.usage.length).toBeGreaterThan(0)

    await sandbox.workspace.reset()
    expect(await sandbox.workspace.listKeys()).toEqual([])
    expectProblem(await call('/status', { key: active.key }), 401, 'key_invalid')
    const tools = await call('/tools', { key: (await harness.issue(['tools.read'])).key })
    expect(tools.body.data.length).toBeGreaterThanOrEqual(3)

    await sandbox.workspace.importState(snapshot)
    expect(await state(harness)).toEqual(before)
    const status = await call('/status', { key: active.key })
    expect(status.status).toBe(200)
    expect(Number(status.headers.get('X-RateLimit-Remaining'))).toBe(116)
    expectProblem(await call('/status', { key: revoked.key }), 401, 'key_revoked')
    const usage = await call('/usage', { key: active.key })
    expect(usage.body.operations.getProjectStatus).toEqual({ requests: 4, errors: 0 })
  })

  it('moves a workspace into another sandbox, where its keys work', async () => {
    const { harness, active } = await populated()
    const snapshot = await harness.sandbox.workspace.exportState()
    const elsewhere = await makeSandbox()
    await elsewhere.sandbox.workspace.importState(snapshot)
    expect((await elsewhere.call('/status', { key: active.key })).status).toBe(200)
    expect((await elsewhere.sandbox.workspace.listKeys()).map((key) => key.id)).toEqual(
      (await harness.sandbox.workspace.listKeys()).map((key) => key.id),
    )
  })

  it.each<[string, (s: Record<string, unknown>) => unknown]>([
    ['a non-object', () => 'not a snapshot'],
    ['null', () => null],
    ['another format', (s) => ({ ...s, format: 'something-else' })],
    ['a future version', (s) => ({ ...s, version: 99 })],
    ['keys that are not a list', (s) => ({ ...s, keys: {} })],
    ['a key with a malformed hash', (s) => ({ ...s, keys: [{ ...(s.keys as object[])[0], hash: 'svc_test_plaintext' }] })],
    ['a key with an unknown scope', (s) => ({ ...s, keys: [{ ...(s.keys as object[])[0], scopes: ['root'] }] })],
    ['usage of an unknown operation', (s) => ({ ...s, usage: [{ ...(s.usage as object[])[0], operationId: 'deleteEverything' }] })],
    [
      '121 rate-limit stamps',
      (s) => ({ ...s, keyActivity: [{ keyId: 'k', stamps: Array.from({ length: 121 }, (_, i) => i), lastUsedAt: null }] }),
    ],
    ['keys of a project the snapshot does not contain', (s) => ({ ...s, projects: [] })],
    [
      'usage of a project the snapshot does not contain',
      (s) => ({ ...s, usage: [{ ...(s.usage as object[])[0], projectId: 'prj_elsewhere' }] }),
    ],
    [
      'two keys with the same hash (refused by the store, mid-import)',
      (s) => {
        const [first] = s.keys as { id: string }[]
        return { ...s, keys: [first, { ...first, id: 'key_duplicatehash' }] }
      },
    ],
  ])('refuses %s with invalid_snapshot and changes nothing', async (_name, corrupt) => {
    const { harness, active } = await populated()
    const snapshot = (await harness.sandbox.workspace.exportState()) as unknown as Record<string, unknown>
    const bad = corrupt(JSON.parse(JSON.stringify(snapshot)) as Record<string, unknown>)
    const before = await state(harness)
    await expectWorkspaceError(harness.sandbox.workspace.importState(bad), 'invalid_snapshot')
    expect(await state(harness)).toEqual(before)
    expect((await harness.call('/status', { key: active.key })).status).toBe(200)
  })
})
