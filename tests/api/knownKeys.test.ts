/** Registering a plaintext key a test suite chose, so its app config can hold a fixed key. */
import { describe, expect, it } from 'vitest'
import { WorkspaceError } from '../../src/api/index.ts'
import { exportedRecords } from './support/exportedRecords.ts'
import { makeSandbox } from './support/harness.ts'

const KNOWN = `svc_test_${'A'.repeat(40)}k3y`

async function refusal(promise: Promise<unknown>): Promise<WorkspaceError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(WorkspaceError)
  return error as WorkspaceError
}

describe('issueKey with a given key', () => {
  it('answers requests made with the given key and stores only its hash', async () => {
    const harness = await makeSandbox()
    const issued = await harness.sandbox.workspace.issueKey({ scopes: ['status.read'], key: KNOWN })
    expect(issued.key).toBe(KNOWN)
    expect(issued.lastFour).toBe('k3y'.padStart(4, 'A'))
    const { status, body } = await harness.call('/status', { key: KNOWN })
    expect(status).toBe(200)
    expect(body.key.id).toBe(issued.id)
    const stored = JSON.stringify(await harness.sandbox.workspace.exportState())
    expect(stored).not.toContain(KNOWN)
    expect(stored).not.toContain(KNOWN.slice(9, 30))
  })

  it.each([
    ['a key without the prefix', 'A'.repeat(52)],
    ['a key one character short', `svc_test_${'A'.repeat(42)}`],
    ['a key with a character outside base64url', `svc_test_${'A'.repeat(42)}+`],
    ['a live-looking prefix', `svc_live_${'A'.repeat(43)}`],
    ['a number', 42],
  ])('refuses %s with invalid_key, without echoing it, and creates nothing', async (_name, key) => {
    const harness = await makeSandbox()
    const error = await refusal(harness.sandbox.workspace.issueKey({ scopes: ['status.read'], key: key as string }))
    expect(error.code).toBe('invalid_key')
    expect(error.message).toMatch(/^Failed to issue key: the given key is not "svc_test_" followed by 43 characters/)
    if (typeof key === 'string') expect(error.message).not.toContain(key)
    expect(await exportedRecords(harness.sandbox)).toEqual({ keys: 0, projects: 0 })
  })

  it('refuses a key that is already registered with key_exists and changes nothing', async () => {
    const harness = await makeSandbox()
    await harness.sandbox.workspace.issueKey({ scopes: ['status.read'], key: KNOWN })
    const error = await refusal(harness.sandbox.workspace.issueKey({ scopes: ['usage.read'], key: KNOWN, app: 'other' }))
    expect(error.code).toBe('key_exists')
    expect(error.message).toBe('Failed to issue key "…Ak3y": this key is already registered.')
    expect(await exportedRecords(harness.sandbox)).toEqual({ keys: 1, projects: 1 })
  })

  it('registers the same key again after a reset, as a per-test beforeEach does', async () => {
    const harness = await makeSandbox()
    await harness.sandbox.workspace.issueKey({ scopes: ['status.read'], key: KNOWN })
    await harness.sandbox.workspace.reset()
    await harness.sandbox.workspace.issueKey({ scopes: ['status.read'], key: KNOWN })
    expect((await harness.call('/status', { key: KNOWN })).status).toBe(200)
  })
})
