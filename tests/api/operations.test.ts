/** What each of the nine operations answers with, and the seeded catalogue behind them. */
import { describe, expect, it } from 'vitest'
import { OPERATION_IDS, SCOPES } from '../../src/api/index.ts'
import { VALID_MANIFEST } from './support/contract.ts'
import { makeSandbox, postJson } from './support/harness.ts'

const URL_LIKE = /https?:|www\.|:\/\/|\/\/[a-z0-9]|mailto:|@/i

describe('GET /status', () => {
  it('reports the project, the environment, the granted scopes and the API version', async () => {
    const { call, issue } = await makeSandbox()
    const issued = await issue(['tools.read', 'status.read'], { app: 'acme', environment: 'staging' })
    const { status, body } = await call('/status', { key: issued.key })
    expect(status).toBe(200)
    expect(body).toEqual({
      project: { id: issued.projectId, app: 'acme' },
      environment: 'staging',
      scopes: ['status.read', 'tools.read'],
      apiVersion: '2026-08-12',
      key: { id: issued.id, lastFour: issued.key.slice(-4), expiresAt: issued.expiresAt },
    })
  })
})

describe('GET /profile', () => {
  it('reports the project identity and explicit data boundaries, with every private category closed', async () => {
    const { call, issue } = await makeSandbox()
    const issued = await issue(['profile.read'], { app: 'acme', environment: 'sandbox' })
    const { status, body } = await call('/profile', { key: issued.key })
    expect(status).toBe(200)
    expect(body.project).toEqual({
      id: issued.projectId,
      app: 'acme',
      environment: 'sandbox',
      displayName: expect.any(String),
      createdAt: issued.createdAt,
    })
    expect(body.dataBoundaries.privateAccountData).toBe(false)
    expect(body.dataBoundaries.open.map((entry: { scope: string }) => entry.scope)).toEqual(['profile.read', 'sessions.read'])
    for (const entry of body.dataBoundaries.open) expect(entry.opens).toEqual(expect.any(String))
    expect(body.dataBoundaries.closed.map((entry: { category: string }) => entry.category).sort()).toEqual([
      'account',
      'family',
      'health',
      'school',
    ])
  })
})

describe('GET /sessions', () => {
  it('lists at least five published sessions, soonest first, with no link or address anywhere in them', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue(['sessions.read'])
    const { status, body } = await call('/sessions', { key })
    expect(status).toBe(200)
    expect(body.data.length).toBeGreaterThanOrEqual(5)
    for (const session of body.data) {
      expect(session).toEqual(expect.objectContaining({ id: expect.any(String), title: expect.any(String), startsAt: expect.any(String) }))
      expect(Number.isNaN(Date.parse(session.startsAt))).toBe(false)
      expect(JSON.stringify(session)).not.toMatch(URL_LIKE)
    }
    const starts = body.data.map((session: { startsAt: string }) => Date.parse(session.startsAt))
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
  })

  it('answers every project with the same catalogue (it is published, not personal)', async () => {
    const { call, issue } = await makeSandbox()
    const a = await issue(['sessions.read'], { app: 'one' })
    const b = await issue(['sessions.read'], { app: 'two' })
    expect((await call('/sessions', { key: a.key })).body).toEqual((await call('/sessions', { key: b.key })).body)
  })
})

describe('GET /webhooks', () => {
  it("lists the project's own endpoints (at least two) with different latest delivery statuses", async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue(['webhooks.read'])
    const { status, body } = await call('/webhooks', { key })
    expect(status).toBe(200)
    expect(body.data.length).toBeGreaterThanOrEqual(2)
    const statuses = new Set<string>()
    for (const endpoint of body.data) {
      expect(endpoint).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          url: expect.stringMatching(/^https:\/\//),
          latestDelivery: expect.objectContaining({ status: expect.any(String), attempts: expect.any(Number) }),
        }),
      )
      expect(['succeeded', 'failed', 'pending', 'never_attempted']).toContain(endpoint.latestDelivery.status)
      expect(endpoint).not.toHaveProperty('projectId')
      statuses.add(endpoint.latestDelivery.status)
    }
    expect(statuses.size).toBeGreaterThanOrEqual(2)
  })

  it("never shows another project's endpoints, and keys of one project share theirs", async () => {
    const { call, issue } = await makeSandbox()
    const mine = await issue(['webhooks.read'], { app: 'mine' })
    const alsoMine = await issue(['webhooks.read'], { app: 'mine' })
    const theirs = await issue(['webhooks.read'], { app: 'theirs' })
    const ids = async (key: string) => (await call('/webhooks', { key })).body.data.map((endpoint: { id: string }) => endpoint.id)
    const mineIds: string[] = await ids(mine.key)
    const theirIds: string[] = await ids(theirs.key)
    expect(await ids(alsoMine.key)).toEqual(mineIds)
    expect(mineIds.filter((id) => theirIds.includes(id))).toEqual([])
  })
})

describe('GET /tools', () => {
  it('lists at least three reviewed manifests, each passing POST /tools/validate with the digest it is listed with', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue(['tools.read', 'tools.validate'])
    const { status, body } = await call('/tools', { key })
    expect(status).toBe(200)
    expect(body.data.length).toBeGreaterThanOrEqual(3)
    for (const tool of body.data) {
      expect(tool).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          manifest: expect.objectContaining({ schema: 'service.tool/v1' }),
          digest: expect.stringMatching(/^[0-9a-f]{64}$/),
          reviewedAt: expect.any(String),
          reviewedBy: expect.any(String),
        }),
      )
      const validated = await call('/tools/validate', { key, ...postJson({ manifest: tool.manifest }) })
      expect(validated.status, tool.id).toBe(200)
      expect(validated.body.digest, tool.id).toBe(tool.digest)
      expect(JSON.stringify(tool)).not.toMatch(/https?:|:\/\//)
    }
  })
})

describe('POST /tools/validate', () => {
  it('answers a valid manifest with valid, the schema and a hex SHA-256 digest', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue(['tools.validate'])
    const { status, body } = await call('/tools/validate', { key, ...postJson({ manifest: VALID_MANIFEST }) })
    expect(status).toBe(200)
    expect(body).toEqual({ valid: true, schema: 'service.tool/v1', digest: expect.stringMatching(/^[0-9a-f]{64}$/) })
  })
})

describe('POST /tools/preview', () => {
  it('answers a valid manifest with a review package: normalised manifest, permissions, consequence, render plan, safety boundary', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue(['tools.preview', 'tools.validate'])
    const { status, body } = await call('/tools/preview', { key, ...postJson({ manifest: VALID_MANIFEST }) })
    expect(status).toBe(200)
    const validated = await call('/tools/validate', { key, ...postJson({ manifest: VALID_MANIFEST }) })
    expect(body.digest).toBe(validated.body.digest)
    expect(body.schema).toBe('service.tool/v1')
    expect(body.manifest).toMatchObject({ name: 'Reading list', entry: 'reading-list', permissions: ['profile.read', 'sessions.read'] })
    expect(body.permissions.map((p: { scope: string }) => p.scope)).toEqual(['profile.read', 'sessions.read'])
    expect(body.consequence).toMatchObject({ class: 'C1', label: expect.any(String), explanation: expect.any(String) })
    expect(body.display).toMatchObject({ layout: 'table', icon: 'book.closed', color: 'blue', primaryColumnIndex: 0, sections: ['Review'] })
    expect(body.display.columns.map((c: { name: string; type: string }) => [c.name, c.type])).toEqual([
      ['Title', 'text'],
      ['Rating', 'rating'],
      ['Shelf', 'select'],
    ])
    expect(body.safetyBoundary).toMatchObject({ executesCode: false, network: false, permissions: ['profile.read', 'sessions.read'] })
    expect(body.truncated).toBe(false)
  })
})

describe('POST /webhooks/test', () => {
  it('answers with a signed specimen, its verification data, and delivered: false', async () => {
    const { call, issue } = await makeSandbox()
    const { key, projectId } = await issue(['webhooks.test'])
    const { status, body } = await call('/webhooks/test', { key, ...postJson({ message: 'hello' }) })
    expect(status).toBe(200)
    expect(body.delivered).toBe(false)
    expect(body.specimen.headers).toEqual({
      'webhook-id': body.specimen.id,
      'webhook-timestamp': expect.stringMatching(/^\d+$/),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]+={0,2}$/),
    })
    expect(body.verification).toMatchObject({
      scheme: 'standard-webhooks/v1',
      algorithm: 'HMAC-SHA256',
      secret: expect.stringMatching(/^whsec_/),
    })
    const payload = JSON.parse(body.specimen.payload)
    expect(payload.data).toMatchObject({ projectId, message: 'hello', specimen: true })
  })

  it('accepts no body at all and uses a default message', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue(['webhooks.test'])
    const { status, body } = await call('/webhooks/test', { key, method: 'POST' })
    expect(status).toBe(200)
    expect(JSON.parse(body.specimen.payload).data.message).toEqual(expect.any(String))
  })
})

describe('GET /usage', () => {
  it('answers with a 30-day UTC window ending today, totals, and every operation on every day', async () => {
    const { call, issue, clock } = await makeSandbox()
    const { key, projectId } = await issue(SCOPES)
    const { status, body } = await call('/usage', { key })
    expect(status).toBe(200)
    const today = new Date(clock.now()).toISOString().slice(0, 10)
    expect(body.projectId).toBe(projectId)
    expect(body.window).toEqual({ days: 30, from: '2026-10-24', to: today, timeZone: 'UTC' })
    expect(body.days).toHaveLength(30)
    expect(body.days.at(-1).date).toBe(today)
    for (const day of body.days) expect(Object.keys(day.operations)).toEqual(OPERATION_IDS)
    expect(body.totals).toEqual({ requests: 1, errors: 0 })
  })
})
