/**
 * Whether the page's server offers the bridge: the probe every server of
 * ours answers, and a static build ships as a file saying there is none.
 */
import { type BridgeProbe, CHANNEL, CHANNEL_FOLDER } from '../protocol.ts'

/** A server that takes the probe and never answers is a server without the bridge, not one to wait for. */
const PROBE_TIMEOUT_MS = 5000

/** The site's root URL: the page's base unless given. */
export function siteRoot(siteUrl: string | URL | undefined): URL {
  return new URL(siteUrl ?? new URL(import.meta.env.BASE_URL, globalThis.location?.href))
}

/**
 * Asks the page's server whether it offers the bridge: null when it cannot be
 * reached. The playground asks before it registers the service worker, so the
 * probe goes straight to the server instead of through the worker, ahead of
 * the page's first API request; `startBridge` takes the answer as `probe`.
 */
export async function probeBridge(siteUrl?: string | URL, timeoutMs = PROBE_TIMEOUT_MS): Promise<BridgeProbe | null> {
  const url = new URL(CHANNEL.probe, new URL(CHANNEL_FOLDER, siteRoot(siteUrl)))
  try {
    const response = await fetch(url, { cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) })
    if (!response.ok || !response.headers.get('content-type')?.includes('json')) return null
    const probe = (await response.json()) as BridgeProbe
    return probe.available === true && typeof probe.apiBase === 'string' ? probe : { available: false }
  } catch {
    return null
  }
}
