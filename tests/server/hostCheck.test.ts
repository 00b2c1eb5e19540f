import { describe, expect, it } from 'vitest'
import { HostCheck, hostName, parseAllowedHosts } from '../../src/server/hostCheck.ts'

const noHeaders = { get: () => null }

const check = (host: string | undefined, allowed: Parameters<typeof parseAllowedHosts>[0] | [] = [], bound = '127.0.0.1') =>
  new HostCheck(typeof allowed === 'string' ? parseAllowedHosts(allowed) : allowed, bound).refuse(host, '1.1', noHeaders)?.status

describe('the Host check', () => {
  it('reads the host name of a Host header: lower case, no port, no IPv6 brackets', () => {
    expect(hostName('LocalHost:4010')).toBe('localhost')
    expect(hostName('[::1]:4010')).toBe('::1')
    expect(hostName('0x7f.1')).toBe('127.0.0.1')
    for (const bad of ['', 'a b', 'user@evil.example', 'evil.example/path', 'evil.example:port']) expect(hostName(bad), bad).toBeUndefined()
  })

  it('answers local names, IP addresses and the bound host, and refuses others with 403', () => {
    for (const host of ['localhost', 'localhost.', 'a.b.localhost:1', '127.0.0.1', '10.0.0.5:80', '[::1]', '[fe80::1]:4010']) {
      expect(check(host), host).toBeUndefined()
    }
    expect(check('devbox.lan:4010', [], 'devbox.lan')).toBeUndefined()
    for (const host of ['evil.example', 'localhost.evil.example', 'devbox.lan', '127.0.0.1.nip.io']) expect(check(host), host).toBe(403)
  })

  it('answers listed names, a leading dot taking in subdomains, and anything under true or all', () => {
    expect(check('sandbox.test', 'sandbox.test')).toBeUndefined()
    expect(check('api.sandbox.test', 'sandbox.test')).toBe(403)
    expect(check('api.sandbox.test', '.sandbox.test')).toBeUndefined()
    expect(check('notsandbox.test', '.sandbox.test')).toBe(403)
    expect(check('evil.example', 'true')).toBeUndefined()
    expect(check('evil.example', 'all')).toBeUndefined()
  })

  it('requires a Host of HTTP/1.1 only, and refuses a malformed one with 400', () => {
    expect(check(undefined)).toBe(400)
    expect(new HostCheck([], '127.0.0.1').refuse(undefined, '1.0', noHeaders)).toBeUndefined()
    expect(check('evil.example/x')).toBe(400)
  })

  it('refuses an --allowed-hosts entry that is not a host name', () => {
    for (const bad of ['http://a.test', 'a.test:80', 'a.test/x', '*.a.test', ','])
      expect(() => parseAllowedHosts(bad), bad).toThrow(/--allowed-hosts/)
    expect(parseAllowedHosts(' A.test , .b.test ')).toEqual(['a.test', '.b.test'])
  })
})
