/** POST /webhooks/test: a Standard Webhooks specimen any verifier accepts, and nothing delivered. */
import { createHmac } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it, vi } from 'vitest'
import { expectProblem } from './support/contract.ts'
import { makeSandbox, postJson } from './support/harness.ts'

interface Specimen {
  specimen: { id: string; type: string; payload: string; headers: Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> }
  verification: { secret: string; signedContent: string; signatureHeader: string; toleranceSeconds: number }
  delivered: boolean
}

async function realTimeSandbox() {
  // standardwebhooks refuses timestamps more than 5 minutes from the real clock.
  const harness = await makeSandbox({ now: Date.now })
  const { key, projectId } = await harness.issue(['webhooks.test', 'webhooks.read'])
  const specimen = async (body?: unknown) => {
    const result = await harness.call('/webhooks/test', body === undefined ? { key, method: 'POST' } : { key, ...postJson(body) })
    return { ...result, body: result.body as Specimen }
  }
  return { ...harness, key, projectId, specimen }
}

describe('the specimen', () => {
  it('verifies with the standardwebhooks package, using only what the response carries', async () => {
    const { specimen, projectId } = await realTimeSandbox()
    const { status, body } = await specimen({ message: 'deploy finished' })
    expect(status).toBe(200)
    const verified = new Webhook(body.verification.secret).verify(body.specimen.payload, body.specimen.headers)
    expect(verified).toMatchObject({ type: 'sandbox.test', data: { projectId, message: 'deploy finished', specimen: true } })
  })

  it('signs id.timestamp.payload with HMAC-SHA256 under the whsec_ key (checked with node:crypto)', async () => {
    const { specimen } = await realTimeSandbox()
    const { body } = await specimen()
    const { id, payload, headers } = body.specimen
    expect(body.verification.signedContent).toBe(`${id}.${headers['webhook-timestamp']}.${payload}`)
    const key = Buffer.from(body.verification.secret.replace(/^whsec_/, ''), 'base64')
    const expected = createHmac('sha256', key).update(body.verification.signedContent).digest('base64')
    expect(headers['webhook-signature']).toBe(`v1,${expected}`)
    expect(headers['webhook-id']).toBe(id)
  })

  it.each([
    [
      'a payload with one character changed',
      (s: Specimen['specimen']) => ({ ...s, payload: s.payload.replace('sandbox.test', 'sandbox.tesT') }),
    ],
    ['a payload with a space added', (s: Specimen['specimen']) => ({ ...s, payload: `${s.payload} ` })],
    [
      'a signature with one character changed',
      (s: Specimen['specimen']) => {
        const signature = s.headers['webhook-signature']
        const flipped = signature.at(-2) === 'A' ? 'B' : 'A'
        return { ...s, headers: { ...s.headers, 'webhook-signature': `${signature.slice(0, -2)}${flipped}${signature.slice(-1)}` } }
      },
    ],
    ['another message id', (s: Specimen['specimen']) => ({ ...s, headers: { ...s.headers, 'webhook-id': `${s.headers['webhook-id']}x` } })],
    [
      'a timestamp one second later',
      (s: Specimen['specimen']) => ({
        ...s,
        headers: { ...s.headers, 'webhook-timestamp': String(Number(s.headers['webhook-timestamp']) + 1) },
      }),
    ],
  ])('fails verification for %s', async (_name, tamper) => {
    const { specimen } = await realTimeSandbox()
    const { body } = await specimen()
    const verifier = new Webhook(body.verification.secret)
    expect(() => verifier.verify(body.specimen.payload, body.specimen.headers)).not.toThrow()
    const forged = tamper(body.specimen)
    expect(() => verifier.verify(forged.payload, forged.headers)).toThrow()
  })

  it('fails verification under another project’s secret', async () => {
    const { specimen, issue, call } = await realTimeSandbox()
    const { body } = await specimen()
    const other = await issue(['webhooks.test'], { app: 'someone-else' })
    const foreign = (await call('/webhooks/test', { key: other.key, method: 'POST' })).body as Specimen
    expect(foreign.verification.secret).not.toBe(body.verification.secret)
    expect(() => new Webhook(foreign.verification.secret).verify(body.specimen.payload, body.specimen.headers)).toThrow()
  })

  it('keeps one secret per project, across specimens and across keys of the project', async () => {
    const { specimen, issue, call } = await realTimeSandbox()
    const first = (await specimen()).body
    const second = (await specimen()).body
    const rotated = await issue(['webhooks.test'])
    const third = (await call('/webhooks/test', { key: rotated.key, method: 'POST' })).body as Specimen
    expect(second.verification.secret).toBe(first.verification.secret)
    expect(third.verification.secret).toBe(first.verification.secret)
    expect(second.specimen.id).not.toBe(first.specimen.id)
  })

  it('stamps the specimen with the sandbox clock, in seconds', async () => {
    const { call, issue, clock } = await makeSandbox()
    const { key } = await issue(['webhooks.test'])
    clock.set(Date.UTC(2027, 0, 2, 3, 4, 5, 678))
    const body = (await call('/webhooks/test', { key, method: 'POST' })).body as Specimen
    expect(body.specimen.headers['webhook-timestamp']).toBe(String(Date.UTC(2027, 0, 2, 3, 4, 5) / 1000))
    expect(JSON.parse(body.specimen.payload).timestamp).toBe('2027-01-02T03:04:05.000Z')
  })
})

describe('the message', () => {
  it('accepts 200 code points of emoji (400 UTF-16 units) and carries them in the signed payload', async () => {
    const { specimen } = await realTimeSandbox()
    const message = '🎉'.repeat(200)
    expect(message.length).toBe(400)
    const { status, body } = await specimen({ message })
    expect(status).toBe(200)
    const verified = new Webhook(body.verification.secret).verify(body.specimen.payload, body.specimen.headers) as {
      data: { message: string }
    }
    expect(verified.data.message).toBe(message)
  })

  it('refuses 201 code points with 400 pointing at /message', async () => {
    const { specimen } = await realTimeSandbox()
    for (const message of ['🎉'.repeat(201), 'a'.repeat(201), `${'a'.repeat(200)}🎉`]) {
      const problem = expectProblem(await specimen({ message }), 400, 'invalid_body')
      expect(problem.errors).toEqual([{ pointer: '/message', keyword: 'maxLength', message: expect.stringContaining('200') }])
    }
    expect((await specimen({ message: 'a'.repeat(200) })).status).toBe(200)
    expect((await specimen({ message: '' })).status).toBe(200)
  })
})

describe('nothing is delivered', () => {
  it('answers delivered: false and leaves every endpoint’s latest delivery as it was', async () => {
    const { specimen, call, key } = await realTimeSandbox()
    const before = (await call('/webhooks', { key })).body
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    try {
      for (let i = 0; i < 3; i++) expect((await specimen({ message: `try ${i}` })).body.delivered).toBe(false)
      expect(fetchSpy).not.toHaveBeenCalled()
    } finally {
      fetchSpy.mockRestore()
    }
    expect((await call('/webhooks', { key })).body).toEqual(before)
  })
})
