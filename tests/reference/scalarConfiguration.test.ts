import { describe, expect, it } from 'vitest'
import { BASE_PATH } from '../../src/api/core.ts'
import { siteOpenApiJson } from '../../src/build/openApiDocument.ts'
import { dropEmptyBearer, SECURITY_SCHEME, scalarConfiguration, shownKey, withKey } from '../../src/reference/scalarConfiguration.ts'

const KEY = `svc_test_${'a'.repeat(43)}`

describe('scalarConfiguration', () => {
  it('reads the document and sends "Try it" to this site only, under a sub-path too', () => {
    const config = scalarConfiguration({ siteUrl: 'https://docs.example/sandbox/', key: undefined })
    expect(config).toMatchObject({
      url: 'https://docs.example/sandbox/openapi.json',
      servers: [{ url: `https://docs.example${BASE_PATH}` }],
    })
    expect(config && 'servers' in config ? config.servers : undefined).toHaveLength(1)
  })

  it('turns off everything that would reach another host: proxy, web fonts, telemetry, client app, agent, MCP, toolbar', () => {
    expect(scalarConfiguration({ siteUrl: 'http://localhost:4173/', key: undefined })).toMatchObject({
      proxyUrl: '',
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      showDeveloperTools: 'never',
      agent: { disabled: true },
      mcp: { disabled: true },
      persistAuth: false,
    })
  })

  it('pre-fills the bearer token of the security scheme the site document declares with the key masked, and clears it for no key', () => {
    const schemes = JSON.parse(siteOpenApiJson()).components.securitySchemes as Record<string, { scheme?: string }>
    expect(schemes[SECURITY_SCHEME]?.scheme).toBe('bearer')
    const config = scalarConfiguration({ siteUrl: 'http://localhost:4173/', key: KEY })
    expect(config).toMatchObject({
      authentication: { preferredSecurityScheme: SECURITY_SCHEME, securitySchemes: { [SECURITY_SCHEME]: { token: 'svc_test_...aaaa' } } },
    })
    // Nothing the renderer can print holds the key itself.
    expect(JSON.stringify(config)).not.toContain(KEY)
    expect(scalarConfiguration({ siteUrl: 'http://localhost:4173/', key: undefined })).toMatchObject({
      authentication: { securitySchemes: { [SECURITY_SCHEME]: { token: '' } } },
    })
  })

  it('sends the real key in place of its stand-in, and a token typed into the renderer as typed', () => {
    const stood = new Headers({ authorization: `Bearer ${shownKey(KEY)}` })
    withKey(stood, KEY)
    expect(stood.get('authorization')).toBe(`Bearer ${KEY}`)
    const typed = new Headers({ authorization: 'Bearer svc_test_typed' })
    withKey(typed, KEY)
    expect(typed.get('authorization')).toBe('Bearer svc_test_typed')
    const none = new Headers()
    withKey(none, undefined)
    expect(none.has('authorization')).toBe(false)
  })

  it('sends no Authorization header at all when the token is empty, and leaves a real key alone', () => {
    const empty = new Headers({ authorization: 'Bearer', accept: 'application/json' })
    dropEmptyBearer(empty)
    expect(empty.has('authorization')).toBe(false)
    expect(empty.get('accept')).toBe('application/json')
    const spaced = new Headers({ authorization: 'Bearer   ' })
    dropEmptyBearer(spaced)
    expect(spaced.has('authorization')).toBe(false)
    const keyed = new Headers({ authorization: `Bearer ${KEY}` })
    dropEmptyBearer(keyed)
    expect(keyed.get('authorization')).toBe(`Bearer ${KEY}`)
  })
})
