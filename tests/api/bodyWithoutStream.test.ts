/**
 * Firefox's Request has no `body` getter: a request its service worker hands on
 * reads `undefined` there, not a stream. The sandbox must still read the body
 * (through `arrayBuffer`), in the API and in the control API alike.
 */
import { describe, expect, it } from 'vitest'
import { createControlHandler, createSandboxControls } from '../../src/api/core.ts'
import { readBodyWithin } from '../../src/api/pipeline/readBody.ts'
import { VALID_MANIFEST } from './support/contract.ts'
import { BASE, makeSandbox, ORIGIN } from './support/harness.ts'

/** A Request as Firefox shows it: everything but the `body` stream. */
function asFirefoxSees(request: Request): Request {
  Object.defineProperty(request, 'body', { value: undefined })
  return request
}

const refuse = () => new Error('too large')

describe('a request without a body stream (Firefox)', () => {
  it('is read whole, byte for byte', async () => {
    const text = JSON.stringify({ manifest: VALID_MANIFEST, note: 'żółw 😀' })
    const request = asFirefoxSees(new Request(`${BASE}/tools/validate`, { method: 'POST', body: text }))
    expect(request.body).toBeUndefined()
    expect(new TextDecoder().decode(await readBodyWithin(request, 65_536, refuse))).toBe(text)
  })

  it('is refused past the limit, as a streamed body is', async () => {
    const request = asFirefoxSees(new Request(`${BASE}/tools/validate`, { method: 'POST', body: 'x'.repeat(101) }))
    await expect(readBodyWithin(request, 100, refuse)).rejects.toThrow('too large')
  })

  it('reads an empty body as empty, not as a failure', async () => {
    const request = asFirefoxSees(new Request(`${BASE}/status`))
    expect((await readBodyWithin(request, 100, refuse)).byteLength).toBe(0)
  })

  it('validates a manifest sent through the core', async () => {
    const { sandbox, issue } = await makeSandbox()
    const { key } = await issue()
    const request = new Request(`${BASE}/tools/validate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ manifest: VALID_MANIFEST }),
    })
    const response = await sandbox.handle(asFirefoxSees(request))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ valid: true })
  })

  it('issues a key through the control API with exactly the scopes sent', async () => {
    const { sandbox } = await makeSandbox()
    const handle = createControlHandler({ workspace: sandbox.workspace, controls: createSandboxControls(), adminToken: 'token' })
    const request = new Request(`${ORIGIN}/_developer-sandbox/keys`, {
      method: 'POST',
      headers: { Authorization: 'Bearer token', 'Content-Type': 'application/json' },
      body: JSON.stringify({ scopes: ['status.read', 'usage.read'] }),
    })
    const response = await handle(asFirefoxSees(request))
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({ scopes: ['status.read', 'usage.read'] })
  })
})
