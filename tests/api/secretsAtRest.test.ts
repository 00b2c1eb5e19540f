/** A plaintext key exists only in the issuing call's result: not in the database, the export or any response. */
import { createHash } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { OPERATIONS, SCOPES } from '../../src/api/index.ts'
import { validRequest } from './support/contract.ts'
import { makeSandbox } from './support/harness.ts'

/** Every form the secret could take if it leaked: the key, its 43-character secret, and its 32 bytes as hex and base64. */
function forms(key: string): string[] {
  const secret = key.slice('svc_test_'.length)
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
  const bytes = Buffer.from(secret, 'base64url')
  expect(bytes).toHaveLength(32)
  return [key, secret, bytes.toString('hex'), bytes.toString('base64').replace(/=+$/, ''), secret.slice(0, 20), secret.slice(-20)]
}

function expectNoSecret(haystack: string, keys: readonly string[]) {
  for (const key of keys) {
    for (const form of forms(key)) expect(haystack.includes(form), `found ${form.slice(0, 6)}…`).toBe(false)
  }
}

/** Issues keys, uses them for every operation, hits limits, revokes and expires some: every path that writes. */
async function busySandbox() {
  const harness = await makeSandbox()
  const { call, issue, sandbox, clock } = harness
  const issued = [
    await issue(SCOPES),
    await issue(SCOPES),
    await issue(['status.read'], { app: 'other', environment: 'prod' }),
    await issue(SCOPES, { app: 'third' }),
  ]
  const responses: string[] = []
  for (const { key } of issued) {
    for (const operation of OPERATIONS) {
      const result = await call(operation.path, { key, ...validRequest(operation) })
      responses.push(JSON.stringify(result.body), JSON.stringify(Object.fromEntries(result.headers)))
    }
  }
  for (let i = 0; i < 125; i++) await call('/status', { key: issued[1]?.key })
  await sandbox.workspace.revokeKey(issued[0]?.id ?? '')
  responses.push(JSON.stringify((await call('/status', { key: issued[0]?.key })).body))
  clock.advance(181 * 86_400_000)
  responses.push(JSON.stringify((await call('/status', { key: issued[3]?.key })).body))
  const fresh = await issue(SCOPES)
  await call('/status', { key: fresh.key })
  issued.push(fresh)
  return { ...harness, issued, keys: issued.map((entry) => entry.key), responses }
}

describe('no plaintext key at rest', () => {
  // The tests only read, so they share one sandbox that went through every writing path.
  let busy: Awaited<ReturnType<typeof busySandbox>>
  beforeAll(async () => {
    busy = await busySandbox()
  })

  it('keeps no key, secret or secret bytes in any record of any object store', async () => {
    const { dump: readAll, keys } = busy
    const dump = await readAll()
    expect(Object.keys(dump).length).toBeGreaterThanOrEqual(7)
    expect(dump.keys).toHaveLength(5)
    const everything = JSON.stringify(dump)
    expect(everything.length).toBeGreaterThan(1_000)
    expectNoSecret(everything, keys)
  })

  it('stores the hex SHA-256 of each key and its last four characters, nothing more of it', async () => {
    const { dump, issued } = busy
    const stored = (await dump()).keys as { id: string; hash: string; lastFour: string }[]
    for (const { id, key } of issued) {
      const record = stored.find((entry) => entry.id === id)
      expect(record?.hash).toBe(createHash('sha256').update(key).digest('hex'))
      expect(record?.lastFour).toBe(key.slice(-4))
    }
  })

  it('leaves every secret out of the workspace export', async () => {
    const { sandbox, keys } = busy
    const snapshot = JSON.stringify(await sandbox.workspace.exportState())
    expect(snapshot).toContain('"keys"')
    expectNoSecret(snapshot, keys)
  })

  it('never sends a key back in any response or in the key list', async () => {
    const { sandbox, keys, responses } = busy
    expectNoSecret(responses.join('\n'), keys)
    const listed = await sandbox.workspace.listKeys()
    expectNoSecret(JSON.stringify(listed), keys)
    for (const summary of listed) {
      expect(summary).not.toHaveProperty('key')
      expect(summary).not.toHaveProperty('hash')
    }
  })
})
