import { describe, expect, it } from 'vitest'
import { KEY_LIFETIME_MS } from '../../src/api/core.ts'
import { ControlClientError, createControlClient } from '../../src/client/controlClient.ts'
import { controlledSandbox, ORIGIN, TOKEN } from './support.ts'

function clientOf(c: ReturnType<typeof controlledSandbox>, token: string | undefined = TOKEN) {
  return createControlClient({ url: `${ORIGIN}/`, token, fetch: async (input, init) => c.handle(new Request(input, init)) })
}

describe('the typed control client', () => {
  it('drives reset, keys, clock, faults and the journal', async () => {
    const c = controlledSandbox()
    const control = clientOf(c)
    const { key, id } = await control.issueKey({ scopes: ['status.read'], label: 'client' })
    expect((await c.api(key, '/status')).status).toBe(200)
    const journal = await control.requests({ operation: 'getProjectStatus', since: new Date(Date.now() - 60_000), limit: 5 })
    expect(journal.total).toBe(1)
    expect(journal.requests[0]?.keyId).toBe(id)
    expect((await control.advanceClock(KEY_LIFETIME_MS + 1)).offsetMs).toBe(KEY_LIFETIME_MS + 1)
    expect((await c.api(key, '/status')).status).toBe(401)
    expect((await control.resetClock()).offsetMs).toBe(0)
    await control.setFaults({ authorizationUnavailable: true, count: 1 })
    expect((await c.api(key, '/status')).status).toBe(503)
    expect((await control.getFaults()).count).toBe(0)
    expect(await control.reset({ keepKeys: true })).toEqual({ keepKeys: true, keys: 1 })
    expect((await control.requests()).total).toBe(0)
    expect((await control.revokeKey(id)).status).toBe('revoked')
    expect(await control.reset()).toEqual({ keepKeys: false, keys: 0 })
  })

  it('throws the problem code of a refusal', async () => {
    const c = controlledSandbox()
    const wrong = clientOf(c, 'not-the-token')
    await expect(wrong.reset()).rejects.toMatchObject({ status: 401, code: 'admin_token_invalid' })
    await expect(clientOf(c).setClock('2026-02-30T00:00:00Z')).rejects.toBeInstanceOf(ControlClientError)
  })

  it('calls the team sandbox’s workspace routes at the deployment’s origin, and throws their refusal with its code', async () => {
    const calls: string[] = []
    const control = createControlClient({
      url: 'https://team.example.test/',
      token: TOKEN,
      fetch: async (input, init) => {
        calls.push(`${init?.method} ${String(input)} ${init?.body ?? ''}`.trim())
        if (init?.method === 'DELETE')
          return new Response(JSON.stringify({ code: 'workspace_not_found', detail: 'Failed to find the workspace "pr-9": gone.' }), {
            status: 404,
          })
        return new Response(init?.method === 'GET' ? '[]' : '{"workspace":"pr-9","created":true}', { status: 200 })
      },
    })
    expect(await control.listWorkspaces()).toEqual([])
    expect(await control.createWorkspace('pr-9', { expiresInDays: 7 })).toEqual({ workspace: 'pr-9', created: true })
    const refusal = await control.deleteWorkspace('pr-9').catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(ControlClientError)
    expect(refusal).toMatchObject({ status: 404, code: 'workspace_not_found' })
    expect(calls).toEqual([
      'GET https://team.example.test/_developer-sandbox/workspaces',
      'PUT https://team.example.test/_developer-sandbox/workspaces/pr-9 {"expiresInDays":7}',
      'DELETE https://team.example.test/_developer-sandbox/workspaces/pr-9',
    ])
  })
})
