import { cpSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { buildServerInto } from '../../server/support/buildServer.ts'
import { REPOSITORY } from '../../server/support/paths.ts'
import { SUITE_PORT, SUITE_SITE } from './bridge.ts'

/** The suite's build of the site (the webServer's), as an absolute path: serve ships it, a team Worker serves it. */
export const SUITE_SITE_DIRECTORY = join(REPOSITORY, SUITE_SITE)
/** `serve` as the package carries it, compiled once a run: the server with the suite's site as its playground. */
export const SERVE_PACKAGE = join(REPOSITORY, `node_modules/.cache/serve-playground-${SUITE_PORT}`)
export const SERVE_BIN = join(SERVE_PACKAGE, 'dist-lib/server/bin.js')

/**
 * Playwright's global setup, which runs once the webServer has built the site:
 * compiles serve once for every spec and engine that starts it.
 */
export default function buildServePackage(): void {
  buildServerInto(SERVE_PACKAGE)
  cpSync(SUITE_SITE_DIRECTORY, join(SERVE_PACKAGE, 'dist-lib/playground'), { recursive: true })
}

export function removeServePackage(): void {
  rmSync(SERVE_PACKAGE, { recursive: true, force: true })
}
