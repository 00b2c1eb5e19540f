import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SERVE_PORT } from './ports'

/**
 * Where `developer-sandbox serve` answers for the `serve` project, and the admin token it is started with.
 * The token is a test fixture's, for a server bound to 127.0.0.1 for the length of the run.
 */
export const SERVE_ORIGIN = `http://127.0.0.1:${SERVE_PORT}`
export const ADMIN_TOKEN = 'react-app-example-admin-token'

/** The server's state file: one fixed place per port, so loading this module again (in a worker) makes nothing new; each test resets it. */
export function serveStatePath(): string {
  const directory = join(tmpdir(), 'developer-sandbox-react-app-example', String(SERVE_PORT))
  mkdirSync(directory, { recursive: true })
  return join(directory, 'state.json')
}
