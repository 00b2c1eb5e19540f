/**
 * The playground page the team sandbox serves at /workspaces/<name>/: only for
 * a workspace the admin created (or the default), a never-created name
 * answered 404 before any asset is fetched, as the API answers it.
 */
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import worker, { type SandboxEnv } from '../../src/worker/index.ts'
import { ORIGIN, TOKEN } from './support/suite.ts'

const fetched: string[] = []
const ASSETS = {
  async fetch(request: Request): Promise<Response> {
    fetched.push(new URL(request.url).pathname)
    return new Response('<!doctype html><html><head></head><body></body></html>', { headers: { 'Content-Type': 'text/html' } })
  },
}
const withAssets = { ...(env as unknown as SandboxEnv), ASSETS }
const get = (path: string) => worker.fetch(new Request(`${ORIGIN}${path}`), withAssets)

describe('the playground page of a team workspace', () => {
  it('answers a never-created name 404 before any asset, and serves a created one', async () => {
    for (const path of ['/workspaces/never-created/', '/workspaces/never-created/prepaint.js']) {
      const refused = await get(path)
      expect([path, refused.status, ((await refused.json()) as { code: string }).code]).toEqual([path, 404, 'workspace_not_found'])
    }
    expect(fetched).toEqual([])

    // A person's browser at that page reads why, still with a 404 and still before any asset.
    const browsing = await worker.fetch(
      new Request(`${ORIGIN}/workspaces/never-created/`, { headers: { Accept: 'text/html' } }),
      withAssets,
    )
    expect(browsing.status).toBe(404)
    expect(browsing.headers.get('content-type')).toContain('text/html')
    const text = await browsing.text()
    expect(text).toContain('<h2 id="gone-title">The workspace "never-created" is gone</h2>')
    expect(text).toContain('it was deleted')
    expect(text).not.toContain('<script')
    expect(fetched).toEqual([])

    const created = await worker.fetch(
      new Request(`${ORIGIN}/_developer-sandbox/workspaces/page-made`, { method: 'PUT', headers: { Authorization: `Bearer ${TOKEN}` } }),
      withAssets,
    )
    expect(created.status).toBe(201)
    const page = await get('/workspaces/page-made/')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('name="developer-sandbox-host"')
    expect((await get('/workspaces/page-made/prepaint.js')).status).toBe(200)
    expect((await get('/workspaces/default/')).status).toBe(200)
    expect(fetched).toEqual(['/index.html', '/prepaint.js', '/index.html'])
  })
})
