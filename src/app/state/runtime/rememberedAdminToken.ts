/**
 * A host's admin token kept in this browser, only when the user asks (as a
 * key can be remembered): by default the page holds it in memory and a reload
 * asks again. Stored per site, so a workspace's token opens that workspace only.
 */
export const ADMIN_TOKEN_STORAGE_KEY = 'developer-sandbox-playground:admin-tokens'

function readAll(): Record<string, string> {
  try {
    const value = JSON.parse(globalThis.localStorage?.getItem(ADMIN_TOKEN_STORAGE_KEY) ?? '{}') as unknown
    return typeof value === 'object' && value !== null ? (value as Record<string, string>) : {}
  } catch {
    return {}
  }
}

function writeAll(tokens: Record<string, string>): void {
  try {
    if (Object.keys(tokens).length === 0) globalThis.localStorage?.removeItem(ADMIN_TOKEN_STORAGE_KEY)
    else globalThis.localStorage?.setItem(ADMIN_TOKEN_STORAGE_KEY, JSON.stringify(tokens))
  } catch {
    // Storage blocked: the token stays in memory, as by default.
  }
}

export function readRememberedAdminToken(siteUrl: URL): string | undefined {
  const token = readAll()[siteUrl.href]
  return typeof token === 'string' && token ? token : undefined
}

export function rememberAdminToken(siteUrl: URL, token: string): void {
  writeAll({ ...readAll(), [siteUrl.href]: token })
}

export function forgetAdminToken(siteUrl: URL): void {
  const { [siteUrl.href]: _gone, ...rest } = readAll()
  writeAll(rest)
}
