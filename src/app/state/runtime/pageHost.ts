import { apiBaseUrl } from '../../../client/sandboxClient.ts'
import type { SandboxHost } from '../connection/sandboxConnection.ts'

/** The meta tag a host that serves this page writes into it: `{"kind":"serve"}` or `{"kind":"workspace","name":"pr-42"}`. */
export const HOST_META_NAME = 'developer-sandbox-host'

/**
 * Which sandbox this page belongs to. A page no host marked is the static
 * site: its sandbox runs in this tab. The mark only picks the connection;
 * the admin token still decides what the page may do.
 */
export function pageHost(siteUrl: URL): SandboxHost {
  const content = globalThis.document?.querySelector(`meta[name="${HOST_META_NAME}"]`)?.getAttribute('content')
  let mark: { kind?: unknown; name?: unknown; base?: unknown } = {}
  try {
    mark = content ? (JSON.parse(content) as typeof mark) : {}
  } catch {
    mark = {}
  }
  const where = `${siteUrl.origin}${siteUrl.pathname.replace(/\/$/, '')}`
  if (mark.kind === 'serve')
    return { kind: 'serve', label: `serve at ${where}`, origin: siteUrl.origin, site: siteUrl.href, apiUrl: apiBaseUrl(where) }
  // A workspace's APIs answer below its own path, which the mark names; any other base is not taken.
  if (mark.kind === 'workspace' && typeof mark.name === 'string' && /^[a-z0-9][a-z0-9-]{0,62}$/.test(mark.name)) {
    const site = new URL(`/workspaces/${mark.name}/`, siteUrl)
    if (mark.base !== site.pathname) return { kind: 'tab', label: 'this tab' }
    return {
      kind: 'workspace',
      label: `workspace ${mark.name} at ${siteUrl.origin}`,
      origin: siteUrl.origin,
      site: site.href,
      apiUrl: apiBaseUrl(site.href.replace(/\/$/, '')),
      name: mark.name,
    }
  }
  return { kind: 'tab', label: 'this tab' }
}
