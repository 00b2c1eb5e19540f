import { describe, expect, it } from 'vitest'
import { makeSandbox, postJson } from './support/harness.ts'

describe('smoke', () => {
  it('answers status with a fresh key', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    const res = await call('/status', { key })
    expect(res.status).toBe(200)
    console.log(res.body, Object.fromEntries(res.headers))
    for (const p of ['/profile', '/sessions', '/usage', '/webhooks', '/tools']) {
      const r = await call(p, { key })
      expect(r.status, p).toBe(200)
    }
    const v = await call('/tools/validate', { key, ...postJson({ manifest: { schema: 'x' } }) })
    console.log(JSON.stringify(v.body))
    const w = await call('/webhooks/test', { key, ...postJson({ message: 'hi' }) })
    console.log(JSON.stringify(w.body))
  })
})
