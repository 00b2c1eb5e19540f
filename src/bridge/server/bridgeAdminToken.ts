import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** The variable a test harness sets to know the admin token in advance; the same one `serve` reads. */
export const ADMIN_TOKEN_VARIABLE = 'DEVELOPER_SANDBOX_ADMIN_TOKEN'

export interface BridgeAdminToken {
  token: string
  /** Where the banner says the token is: the variable, or the file it was written to. */
  where: string
  /** Removes the file when the server closes (a stale token would only mislead). */
  discard(): void
}

/**
 * The admin token of a dev or preview server's control routes: the
 * variable's when set, else a fresh one written where only the user's own
 * processes can read it (0600), as `serve` does with its lock file.
 */
export function bridgeAdminToken(root: string, port: number, environment = process.env): BridgeAdminToken {
  const given = environment[ADMIN_TOKEN_VARIABLE]
  if (given) return { token: given, where: `from ${ADMIN_TOKEN_VARIABLE}`, discard: () => {} }
  const folder = join(root, 'node_modules', '.cache', 'developer-sandbox')
  const file = join(folder, `bridge-admin-token-${port}`)
  const token = randomBytes(32).toString('base64url')
  mkdirSync(folder, { recursive: true, mode: 0o700 })
  writeFileSync(file, `${token}\n`, { mode: 0o600 })
  return { token, where: `in ${file}`, discard: () => rmSync(file, { force: true }) }
}
