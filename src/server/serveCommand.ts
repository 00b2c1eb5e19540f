/** `developer-sandbox serve`: the server, its state, its lock, and a clean stop on SIGINT/SIGTERM. */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { createControlHandler, type SandboxControls, SCOPES } from '../api/core.ts'
import { AdminHandover } from './adminHandover.ts'
import { type OriginPolicy, parseOriginList } from './cors.ts'
import { parseAllowedHosts } from './hostCheck.ts'
import { createSandboxServer, serverOrigin } from './httpServer.ts'
import { JournalEvents } from './journalEvents.ts'
import { listen } from './listen.ts'
import { clock, DEFAULT_HOST, faults, isLoopback, journalCapacity, legacyStateToImport, portNumber, statePath } from './options.ts'
import { openPersistentSandbox, type PersistentSandbox } from './persistentSandbox.ts'
import { playgroundHandover } from './playgroundHandover.ts'
import { PACKAGED_PLAYGROUND, playgroundSite } from './playgroundSite.ts'
import { releaseLoadingMemory } from './releaseLoadingMemory.ts'
import { serveBanner } from './serveBanner.ts'
import { readExportFile } from './stateFile.ts'
import { StateLock } from './stateLock.ts'
import { SERVE_HELP } from './usage.ts'

/** The environment variable a test harness sets to know the admin token in advance. */
export const ADMIN_TOKEN_VARIABLE = 'DEVELOPER_SANDBOX_ADMIN_TOKEN'

export async function serveCommand(argv: readonly string[], version: string): Promise<number> {
  const startedMs = performance.now()
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      state: { type: 'string' },
      import: { type: 'string' },
      cors: { type: 'string' },
      'allowed-hosts': { type: 'string' },
      clock: { type: 'string' },
      faults: { type: 'string' },
      journal: { type: 'string' },
      open: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  })
  if (values.help) {
    process.stdout.write(SERVE_HELP)
    return 0
  }
  const port = portNumber(values.port)
  const host = values.host ?? DEFAULT_HOST
  const cors: OriginPolicy = values.cors === undefined ? 'localhost' : parseOriginList(values.cors)
  const allowedHosts = values['allowed-hosts'] === undefined ? [] : parseAllowedHosts(values['allowed-hosts'])
  const startClock = clock(values.clock)
  const kept = journalCapacity(values.journal)
  const givenToken = process.env[ADMIN_TOKEN_VARIABLE] || undefined
  const state = statePath(values.state)
  const importPath = values.import === undefined ? legacyStateToImport(values.state) : resolve(values.import)

  const lock = await StateLock.acquire(state)
  /** Known once the server listens and has announced itself in the lock file. */
  let adminToken: string | undefined
  let sandbox: PersistentSandbox
  try {
    sandbox = await openPersistentSandbox({
      statePath: state,
      // --clock and --faults replace what the state kept; otherwise a restart finds the clock and faults as they were.
      controls: {
        ...(startClock ? { startAt: startClock() } : {}),
        ...(values.faults === undefined ? {} : { faults: faults(values.faults) }),
        journalCapacity: Math.max(1, kept),
        journal: kept > 0,
        adminToken: () => adminToken,
      },
    })
  } catch (error) {
    await lock.release()
    throw error
  }
  if (importPath) {
    try {
      await sandbox.importExport(await readExportFile(importPath), importPath)
    } catch (error) {
      await sandbox.close()
      await lock.release()
      throw error
    }
    process.stdout.write(`\n  Imported ${importPath} into ${state} (the JSON file is left as it was).\n`)
  }
  const open = sandbox
  const controls = open.controls as SandboxControls
  const control = createControlHandler({ workspace: open.workspace, controls, adminToken: () => adminToken, persist: () => open.save() })
  const site = playgroundSite(PACKAGED_PLAYGROUND, { kind: 'serve' })
  let listeningAt = ''
  const handover = new AdminHandover(
    () => adminToken,
    () => listeningAt,
  )
  const playground = site ? { site, handover, journalEvents: new JournalEvents(() => adminToken) } : undefined
  const server = createSandboxServer({ sandbox, cors, allowedHosts, boundHost: host, control, ...(playground ? { playground } : {}) })
  releaseLoadingMemory()
  try {
    await listen(server, port, host)
  } catch (error) {
    await sandbox.close()
    await lock.release()
    throw error
  }
  const origin = serverOrigin(server)
  listeningAt = origin
  adminToken = await lock.announceServer(origin, givenToken)
  const handing = playgroundHandover(playground ? handover : undefined, origin, values.open === true)

  // Asked without listing: summarising every key and its window costs a large state ~100 MB it never gives back.
  const key = (await sandbox.workspace.hasActiveKey())
    ? undefined
    : (await sandbox.issueKey({ scopes: SCOPES, label: 'issued by developer-sandbox serve' })).key
  if (!isLoopback(host)) {
    process.stderr.write(
      `Warning: listening on ${host}: other machines on the network can reach this sandbox. Use --host 127.0.0.1 unless you mean it.\n`,
    )
  }
  const tokenAt = givenToken ? `from ${ADMIN_TOKEN_VARIABLE}` : `in ${lock.path}`
  const { printed: playgroundLink, note: playgroundNote } = handing.banner(tokenAt)
  process.stdout.write(
    serveBanner({
      version,
      origin,
      state,
      readyInMs: performance.now() - startedMs,
      key,
      tokenAt,
      playgroundLink,
      playgroundNote,
      stateOption: values.state === undefined ? undefined : state,
      clock: { now: controls.clock.now(), offsetMs: controls.clock.offsetMs },
      faults: controls.faults.read(),
    }),
  )
  if (values.open) {
    if (playground) handing.open()
    else process.stderr.write('Failed to open the playground: this build of the package does not include it.\n')
  }

  return new Promise((resolve) => {
    let stopping = false
    const stop = async (signal: NodeJS.Signals) => {
      if (stopping) return
      stopping = true
      handing.close()
      server.close()
      server.closeAllConnections()
      try {
        await sandbox.close()
        process.stdout.write(`\n  Stopped (${signal}); state saved to ${state}\n`)
        resolve(0)
      } catch (error) {
        process.stderr.write(`Failed to save "${state}" on ${signal}: ${error instanceof Error ? error.message : String(error)}\n`)
        resolve(1)
      } finally {
        await lock.release()
      }
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  })
}
