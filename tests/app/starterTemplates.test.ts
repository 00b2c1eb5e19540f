import { describe, expect, it } from 'vitest'
import { LIBRARY_TEMPLATES } from '../../src/app/editor/templates/starterTemplates.ts'
import { openTestSandbox } from './support/sandbox.ts'

describe('the editor’s library templates', () => {
  it('are there without a request, and are exactly the manifests GET /tools lists', async () => {
    const { sandbox, client } = await openTestSandbox()
    const { key } = await sandbox.workspace.issueKey({ scopes: ['tools.read'] })
    const listed = await client.listTools({ key })
    expect(listed.status).toBe(200)
    const tools = (listed.body as { data: { id: string; manifest: { name: string } }[] }).data
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id)
    expect(LIBRARY_TEMPLATES.map(({ id, label, manifest }) => ({ id, label, manifest })).sort(byId)).toEqual(
      tools.map((tool) => ({ id: tool.id, label: tool.manifest.name, manifest: tool.manifest })).sort(byId),
    )
    expect(LIBRARY_TEMPLATES.length).toBeGreaterThan(1)
  })
})
