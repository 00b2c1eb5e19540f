import { UsageError } from './usage.ts'

/**
 * The base URL of a remote sandbox as `--url` (or DEVELOPER_SANDBOX_URL)
 * gives it: an http(s) URL, its path kept (a team workspace's
 * `/workspaces/<name>`) without trailing slashes. Anything else is a usage
 * error naming what was given.
 */
export function remoteSandboxUrl(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new UsageError(`Failed to read "--url": "${url.slice(0, 100)}" is not a URL, e.g. http://127.0.0.1:8787.`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new UsageError(`Failed to read "--url": "${url.slice(0, 100)}" is not an http(s) URL.`)
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`
}
