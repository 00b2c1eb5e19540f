/** serve's face: the built playground it serves and the one-time hand-over of its admin token. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AdminHandover } from '../../src/server/adminHandover.ts'
import { playgroundSite } from '../../src/server/playgroundSite.ts'

function builtSite(): string {
  const folder = mkdtempSync(join(tmpdir(), 'playground-site-'))
  writeFileSync(join(folder, 'index.html'), '<!doctype html><html><head><title>p</title></head><body></body></html>')
  writeFileSync(join(folder, 'mockServiceWorker.js'), '/* a worker */')
  writeFileSync(join(folder, 'reference.html'), '<!doctype html>')
  mkdirSync(join(folder, 'assets'))
  writeFileSync(join(folder, 'assets/app-1234.js'), 'export {}')
  writeFileSync(join(tmpdir(), 'outside-the-site.txt'), 'secret')
  return folder
}

const get = (path: string, method = 'GET') => new Request(`http://127.0.0.1:4010${path}`, { method })

describe('the playground serve serves', () => {
  it('marks its page with the host it talks to, and forbids framing it', async () => {
    const site = playgroundSite(builtSite(), { kind: 'serve' })
    const page = await site?.(get('/'), '/')
    expect(page?.status).toBe(200)
    const html = await page?.text()
    expect(html).toContain('<meta name="developer-sandbox-host" content="{&quot;kind&quot;:&quot;serve&quot;}" />')
    expect(page?.headers.get('x-frame-options')).toBe('DENY')
    expect(page?.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(page?.headers.get('referrer-policy')).toBe('no-referrer')
  })

  it('serves hashed assets for a year, and nothing outside its folder', async () => {
    const site = playgroundSite(builtSite(), { kind: 'serve' })
    const asset = await site?.(get('/assets/app-1234.js'), '/assets/app-1234.js')
    expect(asset?.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(asset?.headers.get('cache-control')).toContain('immutable')
    expect(await site?.(get('/x'), '/../outside-the-site.txt')).toBeUndefined()
    expect(await site?.(get('/x'), '/..%2foutside-the-site.txt')).toBeUndefined()
    expect(await site?.(get('/assets', 'GET'), '/assets')).toBeUndefined()
    expect(await site?.(get('/', 'POST'), '/')).toBeUndefined()
  })

  it('never serves the mock service worker or the pages that start a sandbox of their own', async () => {
    const site = playgroundSite(builtSite(), { kind: 'serve' })
    expect(await site?.(get('/mockServiceWorker.js'), '/mockServiceWorker.js')).toBeUndefined()
    expect(await site?.(get('/reference.html'), '/reference.html')).toBeUndefined()
  })

  it('is absent when the package holds no build of it', () => {
    expect(playgroundSite(mkdtempSync(join(tmpdir(), 'no-site-')), { kind: 'serve' })).toBeUndefined()
  })
})

describe('the admin-token hand-over', () => {
  const ORIGIN = 'http://127.0.0.1:4010'
  const redeem = (handover: AdminHandover, code: string, origin: string | null = ORIGIN, now?: number) =>
    handover.answer(
      new Request(`${ORIGIN}/_playground/handover`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}) },
        body: JSON.stringify({ code }),
      }),
      now,
    )

  it('hands the token over once, to the server’s own page only', async () => {
    const handover = new AdminHandover(
      () => 'the-admin-token',
      () => ORIGIN,
    )
    const code = handover.issue()
    expect(handover.link(code)).toBe(`${ORIGIN}/#handover=${code}`)
    expect((await redeem(handover, code, 'http://evil.test')).status).toBe(403)
    expect((await redeem(handover, code, null)).status).toBe(403)
    expect((await redeem(handover, `${code}x`)).status).toBe(403)
    const answer = await redeem(handover, code)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(await answer.json()).toEqual({ token: 'the-admin-token' })
    expect((await redeem(handover, code)).status).toBe(403)
  })

  it('refuses a link left lying around', async () => {
    const handover = new AdminHandover(
      () => 'the-admin-token',
      () => ORIGIN,
    )
    const code = handover.issue(0)
    expect((await redeem(handover, code, ORIGIN, 16 * 60_000)).status).toBe(403)
  })
})
