import { describe, expect, it } from 'vitest'
import { serveBanner } from '../../src/server/serveBanner.ts'

const started = {
  version: '1.2.3',
  origin: 'http://127.0.0.1:4010',
  state: '/tmp/project/.developer-sandbox/state.sqlite',
  readyInMs: 84.6,
  tokenAt: 'in /tmp/project/.developer-sandbox/state.sqlite.lock',
}

describe('what serve prints once it listens', () => {
  it('names the API, the OpenAPI document, the control API with where its token is, and the state', () => {
    const text = serveBanner(started)
    expect(text).toContain('developer-sandbox 1.2.3  ready in 85 ms')
    expect(text).toContain('➜  API:      http://127.0.0.1:4010/api/developer/v1\n')
    expect(text).toContain('➜  OpenAPI:  http://127.0.0.1:4010/openapi.json\n')
    expect(text).toContain(
      '➜  Control:  http://127.0.0.1:4010/_developer-sandbox (admin token in /tmp/project/.developer-sandbox/state.sqlite.lock)\n',
    )
    expect(text).toContain('➜  State:    /tmp/project/.developer-sandbox/state.sqlite\n')
  })

  it('shows a key and a curl line with it only when this start issued one', () => {
    const key = 'sk_sandbox_0123456789abcdef'
    const withKey = serveBanner({ ...started, key })
    expect(withKey).toContain(`  ${key}\n`)
    expect(withKey).toContain(`  curl -H "Authorization: Bearer ${key}" http://127.0.0.1:4010/api/developer/v1/status\n`)
    const without = serveBanner(started)
    expect(without).not.toContain('Bearer')
    expect(without).not.toContain('Try it')
  })

  it('leads with the one-time playground link when the package carries the playground, and has no such line otherwise', () => {
    const link = 'http://127.0.0.1:4010/#handover=abc'
    expect(serveBanner({ ...started, playgroundLink: link }).split('\n')[3]).toBe(
      `  ➜  Playground: ${link}  (one-time link: hands the admin token to the page)`,
    )
    expect(serveBanner(started)).not.toContain('Playground')
    expect(
      serveBanner({ ...started, playgroundLink: 'http://127.0.0.1:4010/', playgroundNote: 'the page asks for the admin token' }),
    ).toContain('  ➜  Playground: http://127.0.0.1:4010/  (the page asks for the admin token)\n')
  })

  it('prints its commands as npx runs them, in a project and in a clone alike, naming a state other than the default', () => {
    expect(serveBanner(started)).toContain('  More keys: npx developer-sandbox keys issue --scopes status.read,tools.read\n')
    expect(serveBanner({ ...started, stateOption: "/tmp/my states/it's.db" })).toContain(
      `  More keys: npx developer-sandbox keys issue --scopes status.read,tools.read --state '/tmp/my states/it'\\''s.db'\n`,
    )
    expect(serveBanner({ ...started, stateOption: '/tmp/state.db' })).toContain('status.read,tools.read --state /tmp/state.db\n')
  })

  it('says where the clock stands when it starts away from real time, and how to bring it back', () => {
    const now = Date.parse('2026-09-01T12:00:00Z')
    const ahead = serveBanner({ ...started, clock: { now, offsetMs: 3 * 86_400_000 + 5_000 } })
    expect(ahead).toContain('  ➜  Clock:    2026-09-01T12:00:00.000Z, 3 days ahead of real time\n')
    expect(ahead).toContain('               real time again: npx developer-sandbox control clock real\n')
    expect(serveBanner({ ...started, clock: { now, offsetMs: -90 * 60_000 }, stateOption: '/s.db' })).toContain(
      'Clock:    2026-09-01T12:00:00.000Z, 90 min behind real time\n               real time again: npx developer-sandbox control clock real --state /s.db\n',
    )
    // Under a second is real time: an import taken at real time lands a few milliseconds off.
    expect(serveBanner({ ...started, clock: { now, offsetMs: -10 } })).not.toContain('Clock')
  })

  it('lists the fault switches that are on, and how to switch them off', () => {
    const text = serveBanner({
      ...started,
      faults: { authorization: 'unavailable', latencyMs: 250, operations: ['getProjectStatus'], count: 3 },
    })
    expect(text).toContain('  ➜  Faults:   authorization unavailable (503); 250 ms latency; only getProjectStatus; 3 more requests\n')
    expect(text).toContain('               off: npx developer-sandbox control faults clear\n')
    expect(serveBanner({ ...started, faults: { latencyMs: 40 } })).toContain('Faults:   40 ms latency\n')
    for (const off of [{}, { authorization: 'ok' as const }, { latencyMs: 0 }, { authorization: 'unavailable' as const, count: 0 }])
      expect(serveBanner({ ...started, faults: off })).not.toContain('Faults')
  })
})
