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
})
