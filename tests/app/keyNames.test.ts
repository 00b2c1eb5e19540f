import { describe, expect, it } from 'vitest'
import { keyDisplayName, nameKeyIds } from '../../src/app/ui/keyNames.ts'
import { openTestSandbox } from './support/sandbox.ts'

describe('naming keys as users know them', () => {
  it('names a key by its label and last four, or its last four alone', () => {
    expect(keyDisplayName({ label: 'ci-bot', lastFour: 'abcd' })).toBe('ci-bot (…abcd)')
    expect(keyDisplayName({ label: '  ', lastFour: 'abcd' })).toBe('…abcd')
    expect(keyDisplayName({ lastFour: 'abcd' })).toBe('…abcd')
  })

  it("rewrites the key id of a real 401 key_revoked to the key's label, keeping the id for the tooltip", async () => {
    const { sandbox, client } = await openTestSandbox()
    const issued = await sandbox.workspace.issueKey({ scopes: ['status.read'], label: 'ci-bot' })
    const [summary] = await sandbox.workspace.listKeys()
    if (!summary) throw new Error('Failed to list "keys": none issued')
    await sandbox.workspace.revokeKey(summary.id)
    const answer = await client.getProjectStatus({ key: issued.key })
    const detail = (answer.body as { detail: string }).detail
    expect(detail).toContain(summary.id)

    const parts = nameKeyIds(detail, (id) => (id === summary.id ? keyDisplayName(summary) : undefined))
    expect(parts).toContainEqual({ id: summary.id, name: `ci-bot (…${issued.key.slice(-4)})` })
    expect(parts.map((part) => (typeof part === 'string' ? part : part.name)).join('')).toBe(
      detail.replace(summary.id, `ci-bot (…${issued.key.slice(-4)})`),
    )
  })

  it('leaves an id it does not know, and text without ids, as they are', () => {
    expect(nameKeyIds('key key_0123456789abcdef was revoked.', () => undefined)).toEqual(['key key_0123456789abcdef was revoked.'])
    expect(nameKeyIds('No key here.', () => 'x')).toEqual(['No key here.'])
  })
})
