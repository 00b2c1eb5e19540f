/**
 * One workspace of the team sandbox: a Durable Object running the core over
 * its own SQLite storage, read on demand: waking reads no record, and the
 * object holds only the records in use. It runs one request at a time, so
 * the exact rate limit needs no lock; key changes are written before their
 * answer, counts behind it on an alarm.
 * See docs/decisions/024-team-sandbox-on-workers.md.
 */
import { DurableObject } from 'cloudflare:workers'
import { createControlHandler, type Faults, isControlPath, type ResetResult } from '../api/core.ts'
import { openPersistentCore, type PersistentCore } from '../persistence/persistentCore.ts'
import { SqlStateStore } from '../persistence/sqlStateStore.ts'
import { hasState, readMeta, writeMeta } from '../persistence/stateSchema.ts'
import { type DurableControls, durableControls } from './durableControls.ts'
import { durableObjectSql } from './durableObjectSql.ts'
import { LoadFailure } from './loadFailure.ts'
import type { WorkspaceLifecycle } from './objectMethods.ts'
import { adminTokenOf, type DurableObjectState, type SandboxEnv } from './platform.ts'
import { json, problem } from './problem.ts'
import { RegistryReport } from './registryReport.ts'
import { prepareUnloadedReset } from './unloadedReset.ts'
import { WorkspaceExpiry } from './workspaceExpiry.ts'
import { REGISTRY_NAME } from './workspaceRegistry.ts'
import { DEFAULT_WORKSPACE, WORKSPACE_HEADER } from './workspaceRoute.ts'

/** How long a request's counts may stay unsaved; the contract allows a second, the alarm needs a little of it. */
const WRITE_BEHIND_MS = 500
/** Saved records an object holds per store once they are saved: its memory stays flat whatever the workspace holds (an object has 128 MB). */
const HELD_RECORDS = 1024

export class SandboxWorkspace extends DurableObject<SandboxEnv> implements WorkspaceLifecycle {
  readonly #sql
  /** The clock, fault switches and request journal the control API moves and the core reads; the first two outlive an eviction. Set with the state. */
  #controls!: DurableControls
  #control: ((request: Request) => Promise<Response>) | undefined
  /** The core once the state has loaded: at wake for a workspace with storage, at creation (or a default workspace's first request) otherwise. */
  protected core: PersistentCore | undefined
  #name: string | undefined
  readonly #loadFailure = new LoadFailure()
  readonly #expiry = new WorkspaceExpiry()
  #report = new RegistryReport()

  constructor(ctx: DurableObjectState, env: SandboxEnv) {
    super(ctx, env)
    this.#sql = durableObjectSql(ctx.storage)
    // An object with no state yet writes none until the admin creates it: a stray request leaves no storage behind.
    ctx.blockConcurrencyWhile(async () => {
      if (hasState(this.#sql)) await this.open()
    })
  }

  /**
   * Loads (or, on empty storage, creates) the state; idempotent. A state that
   * does not load leaves the object answering, not broken: the records stay
   * as they are, every call says why it cannot be served, and the admin's
   * reset starts it over.
   */
  protected async open(): Promise<PersistentCore | undefined> {
    if (this.core) return this.core
    const ctx = this.ctx
    try {
      // The store creates or migrates the schema, which the name, the expiry and the controls are read from.
      const store = new SqlStateStore(this.#sql)
      this.#name = readMeta(this.#sql, 'workspace')
      this.#expiry.load(this.#sql)
      this.#controls = durableControls(this.#sql, () => adminTokenOf(this.env))
      this.#control = undefined
      this.core = await openPersistentCore({
        store,
        now: () => this.now(),
        faults: () => this.faults(),
        journal: this.#controls.journal,
        writeBehindMs: WRITE_BEHIND_MS,
        schedule: (_flush, ms) => {
          // The alarm outlives this instance: if the object is evicted first, the next instance's alarm finds nothing pending.
          ctx.storage.setAlarm(Date.now() + ms).catch((error) => console.error('Failed to set the save alarm:', error))
        },
        log: (message) => console.error(message),
        held: this.heldRecords(),
        onBadRecord: (reason) => this.#loadFailure.set(this.#name ?? DEFAULT_WORKSPACE, 'read', reason),
      })
      this.#loadFailure.clear()
    } catch (error) {
      this.core = undefined
      this.#loadFailure.set(this.#name ?? DEFAULT_WORKSPACE, 'load', error)
    }
    return this.core
  }

  /** The answer of a workspace whose state did not load: a reset (admin token checked again here) starts it over; anything else is told why and how. */
  async #unloaded(request: Request, path: string, name: string): Promise<Response> {
    const requestId = crypto.randomUUID()
    if (!LoadFailure.isReset(request, path)) return this.#loadFailure.refusal(name, requestId)
    // The core that read the bad record saves what it holds before the records are rewritten under it.
    const prepared = await prepareUnloadedReset(request, this.#sql, name, adminTokenOf(this.env), async () => {
      const broken = this.core
      this.core = undefined
      await broken?.close()
    })
    if (prepared instanceof Response) return prepared
    const { options, dropped } = prepared
    // The registry's listing counts the keys again at the next alarm, set here: a reset of an emptied state writes nothing to set one.
    this.#report.keysMayHaveChanged()
    await this.ctx.storage.setAlarm(Date.now() + WRITE_BEHIND_MS)
    const core = await this.open()
    // The rewritten state loads unless storage itself fails; then the refusal says so.
    if (!core) return this.#loadFailure.refusal(name, requestId)
    const headers = new Headers(request.headers)
    headers.set('Content-Type', 'application/json')
    const answer = await this.control(new Request(request.url, { method: 'POST', headers, body: JSON.stringify(options) }), core)
    if (!dropped || !answer.ok) return answer
    return json(200, { ...((await answer.json()) as ResetResult), dropped } satisfies ResetResult)
  }

  /** Every request the Worker forwards: the API, or (the admin token already checked) a control route. */
  async fetch(request: Request): Promise<Response> {
    const name = request.headers.get(WORKSPACE_HEADER) ?? DEFAULT_WORKSPACE
    let core = this.core
    if (!core && name === DEFAULT_WORKSPACE && !this.#loadFailure.failed) core = await this.ctx.blockConcurrencyWhile(() => this.open())
    const path = new URL(request.url).pathname
    // Past its expiry a workspace refuses at once, though its alarm (or a Worker isolate's memory of the name) lags.
    const known = name === DEFAULT_WORKSPACE || (this.#name === name && !this.#expired())
    if (known && this.#loadFailure.failed) return this.#unloaded(request, path, name)
    if (!core || !known) {
      return problem(404, 'workspace_not_found', `Failed to find the workspace "${name}": the admin has not created it, or it was deleted.`)
    }
    let answer: Response
    // A reset that meets a bad record on its way is answered as an unloaded workspace's reset, from its own copy of the body.
    const resetCopy = LoadFailure.isReset(request, path) ? request.clone() : undefined
    if (isControlPath(path)) {
      // Any control route may change the keys (issue, revoke, reset, import): the next save alarm counts them again.
      this.#report.keysMayHaveChanged()
      answer = await this.control(request, core)
    } else {
      this.#report.used(this.wallClock())
      answer = await core.sandbox.handle(request)
    }
    // A saved record read for this request failed its check: say so, as every later call will until a reset.
    return this.#loadFailure.failed ? this.#unloaded(resetCopy ?? request, path, name) : answer
  }

  /** The one door to the control routes (keys, clock, faults, journal, reset, state): the control API every host mounts. */
  control(request: Request, core: PersistentCore): Promise<Response> {
    this.#control ??= createControlHandler({
      workspace: core.sandbox.workspace,
      controls: this.#controls,
      // The Worker checked the token already; the handler checks it again, as it does in every host.
      adminToken: () => adminTokenOf(this.env),
      persist: async () => core.save(),
      // A call that met a bad saved record is no defect of ours: the record was logged as it was read, and the call is answered as the workspace's refusal.
      log: (message, error) => {
        if (!this.#loadFailure.failed) console.error(message, error)
      },
    })
    return this.#control(request)
  }

  /** The clock the core reads: the platform's, moved by the control API (`/clock`) or a test subclass. */
  protected now(): number {
    return this.#controls.clock.now()
  }

  /** How many saved records the object holds per store; a test subclass may hold fewer, to read every record from storage. */
  protected heldRecords(): number {
    return HELD_RECORDS
  }

  /** Real time, for the workspace's own lifecycle (last use, expiry), which the sandbox clock does not move; a test subclass may. */
  protected wallClock(): number {
    return Date.now()
  }

  /** Fault switches, read on every request: set by the control API (`/faults`) or a test subclass. */
  protected faults(): Faults {
    return this.#controls.faults.read()
  }

  /** Saves the counts written behind (and what is left of a limited fault), tells the registry, and carries out an expiry. */
  async alarm(): Promise<void> {
    const core = this.core
    if (!core) return
    core.flush()
    if (this.#controls.faults.read().count !== undefined) this.#controls.saveFaults()
    const name = this.#name
    if (name === undefined) return
    if (this.#expired()) {
      // The name goes first, so no request reaches the storage being deleted; a failure throws, and workerd retries the alarm.
      await this.#registry().remove(name)
      await this.destroy()
      return
    }
    await this.#report.send(
      name,
      () => core.keyCount(),
      (lastUsedAt, keys) => this.#registry().report(name, lastUsedAt, keys),
    )
    await this.#expiry.arm(this.ctx.storage)
  }

  async create(name: string, expiresAt: number | undefined): Promise<{ created: boolean }> {
    // A name created again after its expiry, before the alarm ran, starts empty as the expiry promised.
    if (this.#expired()) await this.destroy()
    await this.open()
    const created = this.#name !== name
    if (created) {
      writeMeta(this.#sql, 'workspace', name)
      this.#name = name
    }
    if (expiresAt !== undefined) {
      this.#expiry.save(this.#sql, expiresAt)
      await this.#expiry.arm(this.ctx.storage)
    }
    return { created }
  }

  async destroy(): Promise<void> {
    const core = this.core
    this.core = undefined
    this.#control = undefined
    this.#name = undefined
    this.#loadFailure.clear()
    this.#expiry.forget()
    this.#report = new RegistryReport()
    await core?.close()
    // deleteAll takes the alarm too from compatibility date 2026-02-24; a deployment on an older date needs both calls.
    await this.ctx.storage.deleteAlarm()
    await this.ctx.storage.deleteAll()
  }

  #expired(): boolean {
    return this.#expiry.passed(this.wallClock())
  }

  #registry() {
    return this.env.REGISTRY.get(this.env.REGISTRY.idFromName(REGISTRY_NAME))
  }
}
