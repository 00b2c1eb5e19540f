import { describe, expect, it } from 'vitest'
import { redactHeaders, redactSecrets } from '../../src/app/state/history/redact.ts'

const KEY = 'svc_test_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcdWXYZ'

describe('redactSecrets', () => {
  it('masks a sandbox key anywhere in a text, keeping only its last four characters', () => {
    const text = `{"note":"my key is ${KEY}","again":"${KEY}"}`
    const redacted = redactSecrets(text)
    expect(redacted).not.toContain(KEY)
    expect(redacted).not.toContain(KEY.slice(9, -4))
    expect(redacted).toBe('{"note":"my key is svc_test_[redacted …WXYZ]","again":"svc_test_[redacted …WXYZ]"}')
  })

  it('leaves text without a key unchanged, including the bare prefix', () => {
    expect(redactSecrets('svc_test_ alone, svc_test_abc and plain words')).toBe('svc_test_ alone, svc_test_abc and plain words')
  })

  it('is idempotent: redacting a redacted text changes nothing', () => {
    const once = redactSecrets(`Bearer ${KEY}`)
    expect(redactSecrets(once)).toBe(once)
  })
})

describe('redactHeaders', () => {
  it('replaces Authorization, whatever its case, by a hint with the last four characters', () => {
    expect(redactHeaders({ Authorization: `Bearer ${KEY}` })).toEqual({ Authorization: 'Bearer [redacted …WXYZ]' })
    expect(redactHeaders({ authorization: 'abc' })).toEqual({ authorization: 'Bearer [redacted]' })
  })

  it('scrubs keys pasted into any other header value', () => {
    const kept = redactHeaders({ 'X-Debug': `copied ${KEY}`, 'X-Request-ID': 'pg-123' })
    expect(kept).toEqual({ 'X-Debug': 'copied svc_test_[redacted …WXYZ]', 'X-Request-ID': 'pg-123' })
    expect(JSON.stringify(kept)).not.toContain(KEY)
  })
})
