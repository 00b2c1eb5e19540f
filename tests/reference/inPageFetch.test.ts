import { describe, expect, it } from 'vitest'
import { API_VERSION, createSandboxCore, SCOPES } from '../../src/api/core.ts'
import { inPageFetch } from '../../src/reference/inPageFetch.ts'

const SITE = 'https://docs.example/sandbox/'

describe('Try it without a service worker', () => {
  it('hands requests under the API base (at the origin root, where the API lives) to the sandbox in the page, and anything else to the network', async () => {
    const sandbox = createSandboxCore({ memory: true })
    const { key } = await sandbox.workspace.issueKey({ scopes: SCOPES })
    const fetched: string[] = []
    const network: typeof fetch = async (input) => {
      fetched.push(new Request(input).url)
      return new Response('{}', { headers: { 'Content-Type': 'application/json' } })
    }
    const fetchInPage = inPageFetch(sandbox, SITE, network)

    const status = await fetchInPage(`https://docs.example/api/developer/v1/status`, { headers: { Authorization: `Bearer ${key}` } })
    expect(status.status).toBe(200)
    expect(await status.json()).toMatchObject({ apiVersion: API_VERSION })
    await fetchInPage(`${SITE}openapi.json`)
    // A path that only starts like the base is not the API.
    await fetchInPage('https://docs.example/api/developer/v10/status')
    expect(fetched).toEqual([`${SITE}openapi.json`, 'https://docs.example/api/developer/v10/status'])
    await sandbox.close()
  })

  it('sends no Authorization when the renderer leaves the bearer token empty, so the reader sees key_missing', async () => {
    const sandbox = createSandboxCore({ memory: true })
    const answer = await inPageFetch(sandbox, SITE)('https://docs.example/api/developer/v1/status', {
      headers: { Authorization: 'Bearer ' },
    })
    expect(answer.status).toBe(401)
    expect(await answer.json()).toMatchObject({ code: 'key_missing' })
    await sandbox.close()
  })
})
