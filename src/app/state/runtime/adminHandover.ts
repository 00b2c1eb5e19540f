/** Where a host that serves the playground trades a one-time hand-over code for its admin token (below the site's root). */
export const HANDOVER_PATH = '_playground/handover'

const HANDOVER_HASH = /^#handover=([A-Za-z0-9_-]{16,128})$/

/**
 * Takes the one-time code out of the address (`#handover=…`, which `serve`
 * prints as a link) at once, so neither the history nor a copied address
 * keeps it, and trades it for the admin token on the page's own origin.
 * @returns the token, or undefined when there was no code or it was refused (used, expired)
 */
export async function redeemHandover(siteUrl: URL): Promise<string | undefined> {
  const code = HANDOVER_HASH.exec(location.hash)?.[1]
  if (!code) return undefined
  history.replaceState(history.state, '', `${location.pathname}${location.search}`)
  try {
    const response = await fetch(new URL(HANDOVER_PATH, siteUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
      cache: 'no-store',
    })
    if (!response.ok) return undefined
    const { token } = (await response.json()) as { token?: unknown }
    return typeof token === 'string' && token ? token : undefined
  } catch {
    return undefined
  }
}
