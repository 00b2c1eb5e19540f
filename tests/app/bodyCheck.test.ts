import { describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from '../../src/api/core.ts'
import { checkBody } from '../../src/app/console/bodyCheck.ts'

const ofBytes = (bytes: number) => JSON.stringify({ note: 'x'.repeat(bytes - '{"note":""}'.length) })

describe('checkBody', () => {
  it('says a body at the limit is fine, with its size', () => {
    const body = ofBytes(MAX_BODY_BYTES)
    expect(checkBody(body)).toEqual({ tone: 'fine', bytes: MAX_BODY_BYTES, text: 'Valid JSON · 65,536 bytes of 65,536' })
  })

  it('warns of the 413 before sending a body one byte over 64 KB, showing its size', () => {
    const check = checkBody(ofBytes(MAX_BODY_BYTES + 1))
    expect(check.tone).toBe('warning')
    expect(check.text).toBe(
      'Too large: 65,537 bytes (64.0 KB), over the 65,536-byte limit. Sent as is, the sandbox answers 413 payload_too_large.',
    )
  })

  it('counts bytes, not characters: 30,000 "é" are 60,000 bytes', () => {
    expect(checkBody(JSON.stringify('é'.repeat(40_000))).tone).toBe('warning')
    expect(checkBody(JSON.stringify('é'.repeat(30_000))).bytes).toBe(60_002)
  })

  it('puts the size first: an oversized broken body still gets 413, not 400', () => {
    expect(checkBody(`{${'x'.repeat(MAX_BODY_BYTES)}`).text).toContain('413')
    expect(checkBody('{"manifest": ').tone).toBe('error')
  })
})
