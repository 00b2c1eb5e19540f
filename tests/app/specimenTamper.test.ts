import { describe, expect, it } from 'vitest'
import type { SpecimenBody } from '../../src/app/webhookTools/specimenBody.ts'
import { specimenStore } from '../../src/app/webhookTools/specimenStore.ts'
import { TAMPERS } from '../../src/app/webhookTools/tamper.ts'

const specimen: SpecimenBody = {
  specimen: {
    id: 'msg_1',
    type: 'webhook.test',
    payload: '{"type":"webhook.test","data":{"message":"hi"}}',
    headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': '1795000000', 'webhook-signature': 'v1,abc=' },
  },
  verification: {
    scheme: 'Standard Webhooks',
    algorithm: 'HMAC-SHA256',
    secret: 'whsec_c2VjcmV0',
    signedContent: 'msg_1.1795000000.payload',
    signatureHeader: 'webhook-signature',
    toleranceSeconds: 300,
  },
  delivered: false,
}
const tamper = (id: string) => {
  const found = TAMPERS.find((each) => each.id === id)
  if (!found) throw new Error(`Failed to find tamper "${id}": no such button`)
  specimenStore.getState().tamper(found)
}
const form = () => specimenStore.getState().form

describe('tampering with a specimen in the verifier', () => {
  it('does not pile up: the timestamp pressed twice is 10 minutes old, not 20', () => {
    specimenStore.getState().loadIntoVerifier(specimen)
    tamper('old')
    tamper('old')
    expect(form().headers).toContain('webhook-timestamp: 1794999400')
  })

  it('replaces one tamper with the next, so each verdict has one reason', () => {
    specimenStore.getState().loadIntoVerifier(specimen)
    tamper('payload')
    tamper('drop-signature')
    expect(form().payload).toBe(specimen.specimen.payload)
    expect(form().headers).not.toContain('webhook-signature')
    expect(specimenStore.getState().tampered).toBe('drop-signature')
  })

  it('tampers with what was typed by hand, and undoing puts that back', () => {
    specimenStore.getState().loadIntoVerifier(specimen)
    specimenStore.getState().edit({ payload: '{"mine":true}' })
    tamper('payload')
    expect(form().payload).toBe('{"aine":true}')
    specimenStore.getState().untamper()
    expect(form().payload).toBe('{"mine":true}')
    expect(specimenStore.getState().tampered).toBeUndefined()
  })
})
