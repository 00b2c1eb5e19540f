/**
 * The team sandbox on local workerd, through Miniflare's API: the Worker and
 * its Durable Objects, state in a folder, no network. Used by `npm run
 * team:dev`, the end-to-end test and the benchmark, so all three run the same thing.
 */
import { chmod, mkdir, readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Log, LogLevel, Miniflare } from 'miniflare'
import { within } from '../../src/runtime/within.ts'
import { bundleWorker, COMPATIBILITY_DATE } from './bundleWorker.ts'

const WORKER_NAME = 'developer-sandbox-team'

export interface TeamSandboxOptions {
  port: number
  host?: string
  /** The folder the workspaces' storage lives in. */
  persistTo: string
  adminToken?: string
  corsOrigins?: string
  /** A Worker already bundled (as `wrangler deploy --dry-run` writes it); this repository's source by default. */
  bundle?: string
  /** The built playground, served per workspace as the Worker's static assets (`ASSETS`); none by default. */
  playgroundDirectory?: string
  /** Opens workerd's V8 inspector on a port the system picks, for a benchmark to read the isolate's heap; off by default. */
  inspector?: boolean
}

export interface TeamSandbox {
  /** The origin it listens on, e.g. `http://127.0.0.1:4350`. */
  origin: string
  /** The inspector's WebSocket address (`ws://127.0.0.1:<port>/`), when `inspector` was asked for. */
  inspectorUrl?: string
  stop(): Promise<void>
}

/**
 * How long workerd may take to report its sockets. It never reports one it
 * failed to bind (the inspector's), so Miniflare's `ready` would wait forever.
 */
const READY_WITHIN_MS = 60_000

/** Makes the state folder private to this user, as serve's: folders 0700, files 0600, those an earlier run left included. */
async function makePrivate(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: 0o700 })
  await chmod(folder, 0o700)
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name)
    if (entry.isDirectory()) await chmod(path, 0o700)
    else if (entry.isFile()) await chmod(path, 0o600)
  }
}

export async function startTeamSandbox({
  port,
  host = '127.0.0.1',
  persistTo,
  adminToken,
  corsOrigins,
  bundle,
  playgroundDirectory,
  inspector = false,
}: TeamSandboxOptions): Promise<TeamSandbox> {
  await makePrivate(persistTo)
  const contents = await readFile(bundle ?? (await bundleWorker()), 'utf8')
  const env: Record<
    string,
    { type: 'text'; value: string } | { type: 'durable-object'; worker: string; exportName: string } | { type: 'assets' }
  > = {
    WORKSPACES: { type: 'durable-object', worker: WORKER_NAME, exportName: 'SandboxWorkspace' },
    REGISTRY: { type: 'durable-object', worker: WORKER_NAME, exportName: 'WorkspaceRegistry' },
  }
  if (adminToken) env.DEVELOPER_SANDBOX_ADMIN_TOKEN = { type: 'text', value: adminToken }
  if (corsOrigins) env.SANDBOX_CORS_ORIGINS = { type: 'text', value: corsOrigins }
  if (playgroundDirectory) env.ASSETS = { type: 'assets' }
  const miniflare = new Miniflare({
    host,
    port,
    // Port 0: workerd binds one the system picks, so no other process can take it between a choice and the bind.
    ...(inspector ? { inspectorPort: 0 } : {}),
    resourcePersistencePath: join(persistTo),
    // Errors the Worker logs (a 500's cause, a failed save) reach this process's stderr.
    log: new Log(LogLevel.WARN),
    // No `request.cf` from Cloudflare's servers: the sandbox runs offline.
    cf: false,
    workers: [
      {
        config: {
          name: WORKER_NAME,
          compatibilityDate: COMPATIBILITY_DATE,
          manifest: { mainModule: 'worker.js', modules: { 'worker.js': { type: 'esm', contents } } },
          env,
          exports: {
            SandboxWorkspace: { type: 'durable-object', storage: 'sqlite' },
            WorkspaceRegistry: { type: 'durable-object', storage: 'sqlite' },
          },
          // The Worker runs first, so no path is answered by the unmarked build.
          ...(playgroundDirectory ? { assets: { directory: playgroundDirectory, hasUserWorker: true, runWorkerFirst: true } } : {}),
        },
      },
    ],
  })
  try {
    const url = await within(
      miniflare.ready,
      READY_WITHIN_MS,
      () => new Error(`Failed to start the team sandbox: workerd did not report its sockets within ${READY_WITHIN_MS / 1000} s.`),
    )
    const inspectorUrl = inspector ? (await miniflare.getInspectorURL()).href : undefined
    return { origin: url.origin, ...(inspectorUrl ? { inspectorUrl } : {}), stop: () => miniflare.dispose() }
  } catch (error) {
    await miniflare.dispose().catch(() => {})
    throw error
  }
}
