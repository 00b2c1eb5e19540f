/**
 * What a hostile or unlucky user tried on `serve` (issue 40's probe): big
 * state imports, malformed escapes, the bearer scheme's case, a restart with
 * the clock and faults moved, and a state file that fails to load.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, runCommand, scratchFolder, startServer } from './support/sandboxServer.ts'

const TOKEN = 'hostile-probe-token-7c1e'
const ENV = { DEVELOPER_SANDBOX_ADMIN_TOKEN: TOKEN }

let folder: string
let server: RunningServer

async function control(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.origin}/_developer-sandbox${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** A workspace export with `count` keys of one project, as the playground writes it. */
function bigExport(count: number) {
  const now = Date.now()
  const projectId = 'prj_big'
  return {
    format: 'developer-sandbox/workspace',
    version: 2,
    exportedAt: new Date(now).toISOString(),
    keys: Array.from({ length: count }, (_, index) => ({
      id: `key_${index.toString(36).padStart(6, '0')}`,
      hash: randomBytes(32).toString('hex'),
      lastFour: 'Ab9_',
      projectId,
      app: 'big-app',
      environment: 'test',
      scopes: ['status.read', 'usage.read'],
      createdAt: now,
      expiresAt: now + 180 * 86_400_000,
      revokedAt: null,
      label: `key number ${index}`,
    })),
    projects: [
      {
        id: projectId,
        slug: 'big-app-test',
        app: 'big-app',
        environment: 'test',
        createdAt: now,
        webhookSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      },
    ],
    usage: [],
    keyActivity: [],
    webhookEndpoints: [],
  }
}

beforeAll(async () => {
  folder = scratchFolder()
  server = await startServer(folder, [], undefined, ENV)
})
afterAll(async () => {
  await server?.stop()
})

describe('serve under the probe', () => {
  it('takes a 300-key export (125 KB) and round-trips one of 24,000 keys through PUT and GET /state', async () => {
    const small = JSON.stringify(bigExport(300))
    expect(small.length).toBeGreaterThan(65_536)
    expect((await control('PUT', '/state', small)).body).toEqual({ keys: 300 })
    const big = bigExport(24_000)
    const text = JSON.stringify(big)
    const started = performance.now()
    const put = await control('PUT', '/state', text)
    expect([put.status, put.body]).toEqual([200, { keys: 24_000 }])
    const back = (await control('GET', '/state')).body as { keys: { id: string; hash: string }[] }
    const byId = (keys: { id: string; hash: string }[]) => keys.map((key) => `${key.id}:${key.hash}`).sort()
    expect(byId(back.keys)).toEqual(byId(big.keys))
    console.log(`24,000 keys (${(text.length / 1e6).toFixed(1)} MB) imported and exported in ${Math.round(performance.now() - started)} ms`)
    await control('POST', '/reset')
  })

  it('refuses a state import over 16 MiB with 413 at once, saying why and what to do instead, and keeps answering', async () => {
    const started = performance.now()
    const refused = await control('PUT', '/state', `{"keys":"${'x'.repeat(17 * 1024 * 1024)}"}`)
    expect(refused.status).toBe(413)
    expect(refused.body.detail).toBe(
      'Failed to import the state: the body exceeds 16777216 bytes. An import holds the sandbox while it runs, so it is capped at what imports in a few seconds; bring a larger export into serve with serve --import <file>, before it answers.',
    )
    expect(performance.now() - started).toBeLessThan(5_000)
    expect((await control('GET', '/clock')).status).toBe(200)
  })

  it('still refuses an API body over 64 KB with 413', async () => {
    const { key } = (await control('POST', '/keys', { scopes: ['tools.validate'] })).body as { key: string }
    const response = await fetch(`${server.origin}/api/developer/v1/tools/validate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ manifest: { padding: 'x'.repeat(70_000) } }),
    })
    expect(response.status).toBe(413)
  })

  it('answers a malformed escape in a key id with 404, not 500', async () => {
    const refused = await control('POST', '/keys/%E0%A4%A/revoke')
    expect([refused.status, refused.body.code]).toEqual([404, 'key_not_found'])
  })

  it('takes the bearer scheme in any case, on the API and on control', async () => {
    const { key } = (await control('POST', '/keys', { scopes: ['status.read'] })).body as { key: string }
    const api = await fetch(`${server.origin}/api/developer/v1/status`, { headers: { Authorization: `bearer ${key}` } })
    expect(api.status).toBe(200)
    expect((await control('GET', '/clock', undefined, { Authorization: `bearer ${TOKEN}` })).status).toBe(200)
    expect((await control('GET', '/clock', undefined, { Authorization: `BEARER ${TOKEN}` })).status).toBe(200)
  })

  it('refuses a foreign Host with 403 on the API and on control', async () => {
    const { request } = await import('node:http')
    const status = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const call = request(
          `${server.origin}${path}`,
          { headers: { Host: 'evil.example', Authorization: `Bearer ${TOKEN}` } },
          (answer) => {
            answer.resume()
            resolve(answer.statusCode ?? 0)
          },
        )
        call.on('error', reject)
        call.end()
      })
    expect(await status('/api/developer/v1/status')).toBe(403)
    expect(await status('/_developer-sandbox/clock')).toBe(403)
  })

  it('keeps the admin token out of the journal wherever a request carries it', async () => {
    const headers = { 'X-Admin': TOKEN, 'X-Forwarded-Note': `was ${TOKEN}` }
    expect((await fetch(`${server.origin}/api/developer/v1/status?token=${TOKEN}`, { headers })).status).toBe(401)
    const journal = JSON.stringify((await control('GET', '/requests?limit=1')).body)
    expect(journal).toContain('token=[redacted]')
    expect(journal).toContain('"x-admin":"[redacted]"')
    expect(journal).not.toContain(TOKEN)
  })

  it('keeps a moved clock and the fault switches across a restart, and its banner says so', async () => {
    await control('PUT', '/clock', { now: '2031-05-06T07:08:09Z' })
    await control('PUT', '/faults', { latencyMs: 5, authorizationUnavailable: true, operations: ['getProjectUsage'] })
    expect(server.output()).not.toMatch(/Clock:|Faults:/)
    await server.stop()
    server = await startServer(folder, [], undefined, ENV)
    expect(server.output()).toMatch(/➜ {2}Clock: {4}2031-05-06T07:08:\d\d\.\d{3}Z, \d+ days ahead of real time\n/)
    expect(server.output()).toContain('  ➜  Faults:   authorization unavailable (503); 5 ms latency; only getProjectUsage\n')
    const clock = (await control('GET', '/clock')).body as { now: string }
    expect(Math.abs(Date.parse(clock.now) - Date.parse('2031-05-06T07:08:09Z'))).toBeLessThan(60_000)
    expect((await control('GET', '/faults')).body).toMatchObject({
      latencyMs: 5,
      authorizationUnavailable: true,
      operations: ['getProjectUsage'],
    })
    await control('POST', '/reset')
    await server.stop()
    server = await startServer(folder, [], undefined, ENV)
    expect(server.output()).not.toMatch(/Clock:|Faults:/)
    expect((await control('GET', '/clock')).body.offsetMs).toBe(0)
    expect((await control('GET', '/faults')).body).toMatchObject({ authorizationUnavailable: false, latencyMs: 0 })
  })

  it('says on start that a saved clock or faults edited by hand are not used, and what is used instead', async () => {
    const own = scratchFolder()
    const first = await startServer(own, [], undefined, ENV)
    await first.stop()
    const db = new DatabaseSync(join(own, '.developer-sandbox/state.db'))
    const write = db.prepare('INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value')
    write.run('host.faults', '{"latencyMs": "slow"')
    write.run('host.clock.offsetMs', 'yesterday')
    db.close()
    const again = await startServer(own, [], undefined, ENV)
    try {
      expect(again.errors()).toContain(
        'the saved faults ("{\\"latencyMs\\": \\"slow\\"") are not faults this sandbox writes: it starts with none switched on.',
      )
      expect(again.errors()).toContain('the saved clock offset ("yesterday") cannot be used: the clock starts at real time.')
      const headers = { Authorization: `Bearer ${TOKEN}` }
      const faults = (await (await fetch(`${again.origin}/_developer-sandbox/faults`, { headers })).json()) as Record<string, unknown>
      expect(faults).toMatchObject({ authorizationUnavailable: false, latencyMs: 0 })
      const clock = (await (await fetch(`${again.origin}/_developer-sandbox/clock`, { headers })).json()) as { offsetMs: number }
      expect(clock.offsetMs).toBe(0)
    } finally {
      await again.stop()
    }
  })

  it('names the bad record of a state that fails to load and how to start over, keeping the file', async () => {
    const own = scratchFolder()
    const first = await startServer(own, [], undefined, ENV)
    await first.stop()
    const path = join(own, '.developer-sandbox/state.db')
    const db = new DatabaseSync(path)
    const bad = { projectId: 'prj_x', day: '+275760-09-13', operationId: 'getProjectStatus', requests: 1, errors: 0 }
    db.prepare('INSERT INTO records (store, key, value) VALUES (?, ?, ?)').run('usage', '"bad"', JSON.stringify(bad))
    db.close()
    const before = readFileSync(path)
    for (const args of [
      ['serve', '--port', '0'],
      ['keys', 'list'],
    ]) {
      const refused = runCommand(own, args)
      expect(refused.status).toBe(1)
      expect(refused.stderr).toContain('usage[0] is not a valid record: "/usage/0/day"')
      expect(refused.stderr).toContain('+275760-09-13')
      expect(refused.stderr).toContain('To start over, move it away')
    }
    expect(readFileSync(path).equals(before)).toBe(true)
  })

  it('names a saved record whose value is not JSON, with no stack trace, on serve and keys list alike', async () => {
    const own = scratchFolder()
    const first = await startServer(own, [], undefined, ENV)
    const issued = await fetch(`${first.origin}/_developer-sandbox/keys`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ scopes: ['status.read'] }),
    })
    const { id, key } = (await issued.json()) as { id: string; key: string }
    expect((await fetch(`${first.origin}/api/developer/v1/status`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(200)
    await first.stop()
    const path = join(own, '.developer-sandbox/state.db')
    const db = new DatabaseSync(path)
    // A key's rate window edited by hand into something that is not JSON.
    const edited = db.prepare("UPDATE records SET value = 'stamps: lots' WHERE store = 'keyActivity' AND key = ?").run(JSON.stringify(id))
    expect(edited.changes).toBe(1)
    db.close()
    const before = readFileSync(path)
    for (const args of [
      ['serve', '--port', '0'],
      ['keys', 'list'],
    ]) {
      const refused = runCommand(own, args)
      expect(refused.status).toBe(1)
      expect(refused.stderr).toContain(`Failed to load the state file "${path}": the saved keyActivity record "${id}" is not JSON.`)
      expect(refused.stderr).toContain('The file was left untouched')
      expect(refused.stderr).not.toMatch(/SyntaxError|\n\s+at /)
    }
    expect(readFileSync(path).equals(before)).toBe(true)
  })
})
