/**
 * The team sandbox at a company's scale, on local workerd: 1,000 workspaces
 * created, a key issued and 10 requests sent in each, listed, all deleted;
 * then the workspaces' storage must be back where it started and a deleted
 * workspace's key refused. A failed check fails the run (exit 1); the phase
 * durations are reported, never judged. Local workerd keeps a deleted
 * object's database file, emptied to its 4 KB header (no table, no row):
 * "back where it started" is checked as every such file holding nothing.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { startTeamSandbox } from '../../scripts/team/startTeamSandbox.ts'
import { emit, isCi } from '../lib/emit.ts'

const WORKSPACES = isCi() ? 50 : 1000
const REQUESTS_EACH = 10
/** Requests in flight at once: enough to keep workerd's thread busy without queueing for long. */
const PARALLEL = 16
const ADMIN_TOKEN = 'bench-admin-token'
/** An emptied SQLite database: its header page. */
const EMPTY_DATABASE_BYTES = 4096

interface Footprint {
  files: number
  bytes: number
}

export interface TeamScaleResult {
  workspaces: number
  requestsEach: number
  totalMs: number
  phasesMs: { create: number; issue: number; requests: number; list: number; delete: number }
  storageBefore: Footprint
  storageWithWorkspaces: Footprint
  storageAfter: Footprint
  /** Deleted objects' database files local workerd keeps, each checked empty. */
  emptyDatabasesLeft: number
  deletedKeyStatus: number
}

const objectsFolder = (persistTo: string) => join(persistTo, 'do', 'developer-sandbox-team-SandboxWorkspace')
const isObjectFile = (file: string) => /^[0-9a-f]{64}\.sqlite/.test(file)

/** The workspace objects' own files (database, WAL, shared memory); workerd's `metadata.sqlite` beside them is its index, not a workspace's. */
function footprint(persistTo: string): Footprint {
  const total: Footprint = { files: 0, bytes: 0 }
  let files: string[] = []
  try {
    files = readdirSync(objectsFolder(persistTo)).filter(isObjectFile)
  } catch {
    // No object has storage yet.
  }
  for (const file of files) {
    // An object closing its database removes its WAL and shared-memory files between the listing and this look.
    const size = statSync(join(objectsFolder(persistTo), file), { throwIfNoEntry: false })?.size
    if (size === undefined) continue
    total.files++
    total.bytes += size
  }
  return total
}

/** How many tables each workspace object's database holds. */
function tablesPerDatabase(persistTo: string): number[] {
  return readdirSync(objectsFolder(persistTo))
    .filter((file) => /^[0-9a-f]{64}\.sqlite$/.test(file))
    .map((file) => {
      const database = new DatabaseSync(join(objectsFolder(persistTo), file), { readOnly: true })
      try {
        return Number((database.prepare('SELECT count(*) AS n FROM sqlite_schema').get() as { n: number }).n)
      } finally {
        database.close()
      }
    })
}

async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < items.length) await work(items[next++] as T)
    }),
  )
}

class CheckFailed extends Error {}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new CheckFailed(`Failed the ${WORKSPACES}-workspace check: ${message}`)
}

const work = mkdtempSync(join(tmpdir(), 'bench-team-scale-'))
const persistTo = join(work, 'team')
const team = await startTeamSandbox({ port: 0, persistTo, adminToken: ADMIN_TOKEN })
try {
  const admin = { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' }
  const names = Array.from({ length: WORKSPACES }, (_, index) => `scale-${String(index).padStart(4, '0')}`)
  const keys = new Map<string, string>()
  const answered = (response: Response, status: number, what: string) =>
    check(response.status === status, `${what} answered ${response.status}, not ${status}`)
  const storageBefore = footprint(persistTo)
  const started = performance.now()
  const phase = async (body: () => Promise<void>) => {
    const at = performance.now()
    await body()
    return Math.round(performance.now() - at)
  }

  const create = await phase(() =>
    inParallel(names, async (name) => {
      const response = await fetch(`${team.origin}/_developer-sandbox/workspaces/${name}`, { method: 'PUT', headers: admin })
      answered(response, 201, `creating ${name}`)
      await response.body?.cancel()
    }),
  )
  const issue = await phase(() =>
    inParallel(names, async (name) => {
      const response = await fetch(`${team.origin}/workspaces/${name}/_developer-sandbox/keys`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ scopes: ['status.read'] }),
      })
      answered(response, 201, `issuing a key in ${name}`)
      keys.set(name, ((await response.json()) as { key: string }).key)
    }),
  )
  const requests = await phase(() =>
    inParallel(
      names.flatMap((name) => Array.from({ length: REQUESTS_EACH }, () => name)),
      async (name) => {
        const response = await fetch(`${team.origin}/workspaces/${name}/api/developer/v1/status`, {
          headers: { Authorization: `Bearer ${keys.get(name)}` },
        })
        answered(response, 200, `GET /status in ${name}`)
        await response.body?.cancel()
      },
    ),
  )
  let listed: { workspace: string }[] = []
  const list = await phase(async () => {
    const response = await fetch(`${team.origin}/_developer-sandbox/workspaces`, { headers: admin })
    answered(response, 200, 'listing the workspaces')
    listed = (await response.json()) as { workspace: string }[]
  })
  check(
    listed.length === WORKSPACES && listed.every((entry, index) => entry.workspace === names[index]),
    `the listing holds ${listed.length} workspaces, not the ${WORKSPACES} created`,
  )
  const storageWithWorkspaces = footprint(persistTo)
  const remove = await phase(() =>
    inParallel(names, async (name) => {
      const response = await fetch(`${team.origin}/_developer-sandbox/workspaces/${name}`, { method: 'DELETE', headers: admin })
      answered(response, 204, `deleting ${name}`)
    }),
  )
  const totalMs = Math.round(performance.now() - started)

  const after = await fetch(`${team.origin}/_developer-sandbox/workspaces`, { headers: admin })
  check(((await after.json()) as unknown[]).length === 0, 'workspaces are still listed after every one was deleted')
  const deleted = await fetch(`${team.origin}/workspaces/${names[0]}/api/developer/v1/status`, {
    headers: { Authorization: `Bearer ${keys.get(names[0] ?? '')}` },
  })
  check(deleted.status === 404, `a deleted workspace's key got ${deleted.status}, not 404`)
  const storageAfter = footprint(persistTo)
  const tables = tablesPerDatabase(persistTo)
  check(
    tables.every((count) => count === 0),
    `${tables.filter((count) => count > 0).length} deleted workspaces still hold tables`,
  )
  check(
    storageAfter.files - storageBefore.files === tables.length &&
      storageAfter.bytes - storageBefore.bytes <= tables.length * EMPTY_DATABASE_BYTES,
    `the workspaces' files are ${JSON.stringify(storageAfter)} after deleting them all, from ${JSON.stringify(storageBefore)}`,
  )

  const result: TeamScaleResult = {
    workspaces: WORKSPACES,
    requestsEach: REQUESTS_EACH,
    totalMs,
    phasesMs: { create, issue, requests, list, delete: remove },
    storageBefore,
    storageWithWorkspaces,
    storageAfter,
    emptyDatabasesLeft: tables.length,
    deletedKeyStatus: deleted.status,
  }
  process.stderr.write(
    `  ${WORKSPACES} workspaces in ${totalMs} ms ${JSON.stringify(result.phasesMs)}; their files ${JSON.stringify(storageBefore)} → ${JSON.stringify(storageWithWorkspaces)} → ${JSON.stringify(storageAfter)} (${tables.length} emptied databases)\n`,
  )
  emit(result)
} catch (error) {
  if (!(error instanceof CheckFailed)) throw error
  process.stderr.write(`${error.message}\n`)
  process.exitCode = 1
} finally {
  await team.stop()
  rmSync(work, { recursive: true, force: true })
}
