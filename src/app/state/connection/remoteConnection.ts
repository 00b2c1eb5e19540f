import { createControlClient } from '../../../client/controlClient.ts'
import { createSandboxClient } from '../../../client/sandboxClient.ts'
import type { SandboxConnection, SandboxHost } from './sandboxConnection.ts'

export interface RemoteConnectionOptions {
  host: Exclude<SandboxHost, { kind: 'tab' }>
  /** The sandbox's root URL: its API and control API answer below it (the page's own site). */
  siteUrl: URL
  /** The admin token, held in this page's memory. */
  adminToken: string
  /** How often the page re-reads what other clients may have changed. */
  pollMs?: number
  /** The fetch both clients call through, after the same-origin check; the global one by default. */
  fetch?: typeof fetch
}

/** Other clients change a shared sandbox without telling the page: a second is what the history promises. */
const POLL_MS = 1000

/**
 * The connection to a sandbox on another host (`serve`, a team workspace),
 * which serves this page from its own origin: the same two clients, with the
 * admin token sent to that origin only. Changes other clients make are
 * found by re-reading while something listens.
 */
export function createRemoteConnection(options: RemoteConnectionOptions): SandboxConnection {
  const origin = options.siteUrl.origin
  const sameOrigin: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), options.siteUrl)
    // The token never leaves for another origin, whatever URL a caller builds.
    if (url.origin !== origin) return Promise.reject(new Error(`Failed to call "${url.origin}": this page talks to ${origin} only.`))
    return (options.fetch ?? fetch)(input, init)
  }
  const listeners = new Set<() => void>()
  let timer: ReturnType<typeof setInterval> | undefined
  return {
    host: options.host,
    api: createSandboxClient({ origin: options.siteUrl.href.replace(/\/$/, ''), fetch: sameOrigin }),
    control: createControlClient({ url: options.siteUrl.href, token: options.adminToken, fetch: sameOrigin }),
    onChange(listener) {
      listeners.add(listener)
      timer ??= setInterval(() => {
        for (const each of listeners) each()
      }, options.pollMs ?? POLL_MS)
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0 && timer !== undefined) {
          clearInterval(timer)
          timer = undefined
        }
      }
    },
  }
}
