/**
 * Which `Host` headers the HTTP server answers. A page that rebinds its own
 * domain's DNS to 127.0.0.1 reaches the server as its own origin, so CORS
 * never applies; only the Host it sends (its domain) gives it away. As in
 * Vite's `server.allowedHosts`: localhost, `*.localhost`, IP addresses (a
 * rebinding page cannot send one) and the bound host are answered, anything
 * else only when `--allowed-hosts` names it. See docs/decisions/021-http-server-edges.md.
 * Free of Node modules: the team sandbox's Worker applies the same rule.
 */
import type { ApiAnswer, ApiRequest } from '../api/core.ts'
import { hostProblem, requestIdOf } from './hostProblem.ts'
import { UsageError } from './usage.ts'

/** `all`: any host (`--allowed-hosts true`); else the hosts answered besides the local ones, `.example.com` meaning it and its subdomains. */
export type AllowedHosts = 'all' | readonly string[]

/** How many allowed Host headers are remembered; a client rarely sends more than two. */
const SEEN_LIMIT = 64

const HOST_NAME = /^\.?[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*\.?$/

/**
 * Reads `--allowed-hosts`: `true` or `all`, or comma-separated host names.
 * @throws UsageError naming the first value that is not a host name.
 */
export function parseAllowedHosts(value: string): AllowedHosts {
  if (value === 'true' || value === 'all') return 'all'
  const hosts = value
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)
  if (hosts.length === 0) throw new UsageError('Failed to read "--allowed-hosts": give host names, e.g. --allowed-hosts sandbox.test.')
  for (const host of hosts) {
    if (!HOST_NAME.test(host) || host.length > 253) {
      throw new UsageError(
        `Failed to read "--allowed-hosts": "${host.slice(0, 100)}" is not a host name (no scheme, port or path; .example.com allows it and its subdomains).`,
      )
    }
  }
  return hosts
}

/** The host name of a `Host` header, lower-cased, without port or IPv6 brackets; undefined when it is not one. */
export function hostName(header: string): string | undefined {
  if (!/^[^\s/?#@\\]+$/.test(header) || !URL.canParse(`http://${header}`)) return undefined
  const { hostname } = new URL(`http://${header}`)
  return hostname.startsWith('[') ? hostname.slice(1, -1) : hostname
}

/** An IP address as URL parsing leaves a host name: IPv4 in dotted decimal (it rewrites `127.1` and `0x7f.1`), IPv6 unbracketed. */
function isIpAddress(name: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(name) || name.includes(':')
}

function isLocal(host: string, boundHost: string): boolean {
  const name = host.replace(/\.$/, '')
  return name === 'localhost' || name.endsWith('.localhost') || isIpAddress(name) || name === boundHost.toLowerCase()
}

function isListed(host: string, allowed: readonly string[]): boolean {
  const name = host.replace(/\.$/, '')
  return allowed.some((entry) => {
    const listed = entry.replace(/\.$/, '')
    return listed.startsWith('.') ? name === listed.slice(1) || name.endsWith(listed) : name === listed
  })
}

const serveHowToAllow = (host: string) =>
  `this server answers localhost, IP addresses and the host it listens on, so a web page on another domain cannot reach it by DNS rebinding. To allow "${host}", restart it with --allowed-hosts ${host}.`

/** Decides which Host headers a server answers; remembers the ones it allowed, as a client sends the same one each time. */
export class HostCheck {
  readonly #allowed: AllowedHosts
  readonly #boundHost: string
  readonly #seen = new Set<string>()
  readonly #howToAllow: (host: string) => string

  /** @param howToAllow the end of a refusal: what answers, and how to allow `host` on this kind of host. */
  constructor(allowed: AllowedHosts, boundHost: string, howToAllow: (host: string) => string = serveHowToAllow) {
    this.#allowed = allowed
    this.#boundHost = boundHost
    this.#howToAllow = howToAllow
  }

  /**
   * The refusal of a request whose `Host` (as sent, if any) this server does not
   * answer, or undefined to go on. Only HTTP/1.1 requires a Host; the request id
   * is read from `headers` only for a refusal, so the allowed path makes nothing.
   */
  refuse(sentHost: string | undefined, httpVersion: string, headers: ApiRequest['headers']): ApiAnswer | undefined {
    if (sentHost !== undefined && this.#seen.has(sentHost)) return undefined
    const requestId = () => requestIdOf(headers.get('x-request-id'))
    if (sentHost === undefined) {
      if (httpVersion !== '1.1') return undefined
      return hostProblem('malformed_request', 'Failed to read the request: HTTP/1.1 requires a Host header.', requestId())
    }
    const host = hostName(sentHost)
    if (host === undefined) {
      return hostProblem(
        'malformed_request',
        `Failed to read the request: the Host header "${sentHost.slice(0, 100)}" is not a host[:port].`,
        requestId(),
      )
    }
    if (this.#allowed === 'all' || isLocal(host, this.#boundHost) || isListed(host, this.#allowed)) {
      if (this.#seen.size < SEEN_LIMIT) this.#seen.add(sentHost)
      return undefined
    }
    const shown = host.slice(0, 100)
    return hostProblem('host_not_allowed', `Failed to allow the host "${shown}": ${this.#howToAllow(shown)}`, requestId())
  }
}
