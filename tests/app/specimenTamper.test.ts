import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import type { SpecimenBody } from '../../src/app/webhookTools/specimenBody.ts'
import { specimenStore } from '../../src/app/webhookTools/specimenStore.ts'
import { TAMPERS } from '../../src/app/webhookTools/tamper.ts'
import { verifySpecimen } from '../../src/app/webhookTools/verifySpecimen.ts'

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
const tamper = (id: string, nowSeconds = 1795000030) => {
  const found = TAMPERS.find((each) => each.id === id)
  if (!found) throw new Error(`Failed to find tamper "${id}": no such button`)
  specimenStore.getState().tamper(found, nowSeconds)
}
const form = () => specimenStore.getState().form

describe('tampering with a specimen in the verifier', () => {
  it('does not pile up: the timestamp pressed twice is 10 minutes old, not 20', () => {
    specimenStore.getState().loadIntoVerifier(specimen)
    tamper('old')
    tamper('old')
    expect(form().headers).toContain('webhook-timestamp: 1794999430')
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

/** A specimen the sandbox would sign at `signedAt` (Unix seconds), with a real signature. */
function signedSpecimen(signedAt: number): SpecimenBody {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
  const payload = '{"type":"webhook.test","data":{"message":"late"}}'
  const signature = new Webhook(secret).sign('msg_late', new Date(signedAt * 1000), payload)
  return {
    ...specimen,
    specimen: {
      ...specimen.specimen,
      id: 'msg_late',
      payload,
      headers: { 'webhook-id': 'msg_late', 'webhook-timestamp': String(signedAt), 'webhook-signature': signature },
    },
    verification: { ...specimen.verification, secret },
  }
}

describe('a timestamp made 10 minutes old', () => {
  it('is 10 minutes old by the verifier’s clock, however long ago the specimen was signed', () => {
    const signedAt = 1795000000
    specimenStore.getState().loadIntoVerifier(signedSpecimen(signedAt))
    // Pressed 45 s after signing, verified 20 s later: the verdict names the 10 minutes the button promised.
    tamper('old', signedAt + 45)
    const verdict = verifySpecimen(form(), signedAt + 65, specimenStore.getState().specimen)
    expect(verdict).toMatchObject({ ok: false, reason: 'timestamp-too-old' })
    expect(verdict.ok ? '' : verdict.detail).toContain('signed 10 min ago')
  })

  it('states an age in the whole minutes it has reached, not rounded up', () => {
    const signedAt = 1795000000
    const form = {
      payload: '{}',
      headers: `webhook-id: m\nwebhook-timestamp: ${signedAt}\nwebhook-signature: v1,abc=`,
      secret: 'whsec_c2VjcmV0',
    }
    const at = (age: number) => {
      const verdict = verifySpecimen(form, signedAt + age)
      return verdict.ok ? '' : verdict.detail
    }
    expect(at(10 * 60 + 59)).toContain('signed 10 min ago')
    expect(at(11 * 60)).toContain('signed 11 min ago')
    expect(at(3 * 3600 + 3500)).toContain('signed 3 h ago')
  })
})
