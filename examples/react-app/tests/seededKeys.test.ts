import { createSandboxCore, seededRandomBytes } from 'developer-sandbox'
import { IDBFactory } from 'fake-indexeddb'
import { expect, it } from 'vitest'

it('issues the same key and id on every run from a seed, for snapshot tests', async () => {
  const sandbox = createSandboxCore({
    indexedDB: new IDBFactory(),
    randomBytes: seededRandomBytes('react-app-example'),
    now: () => Date.UTC(2026, 0, 1),
  })
  const { id, key, expiresAt } = await sandbox.workspace.issueKey({ scopes: ['usage.read'] })
  expect({ id, key, expiresAt }).toMatchInlineSnapshot(`
    {
      "expiresAt": "2026-06-30T00:00:00.000Z",
      "id": "key_ab2b07f2d9071ca2",
      "key": "svc_test_AkF8JEe_69UvrOZ8i5gH0LLw-_3IUvL-VdRxKW5mohg",
    }
  `)
  await sandbox.close()
})
