/**
 * One workspace of the team sandbox: a Durable Object holding the core over
 * its memory store, kept in the object's own SQLite storage. The object runs
 * one request at a time, so the exact rate limit needs no lock; key changes
 * are written before their answer, counts behind it on an alarm.
 * See docs/decisions/024-team-sandbox-on-workers.md.
 */
import { DurableObject } from 'cloudflare:workers'
import { createControlHandler, type Faults, isControlPath } from '../api/core.ts'
import { openPersistentCore, type PersistentCore } from '../persistence/persistentCore.ts'
import { SqlStateStore } from '../persistence/sqlStateStore.ts'
import { readMeta, writeMeta } from '../persistence/stateSchema.ts'
import { type DurableControls, durableControls } from './durableControls.ts'
import { durableObjectSql } from './durableObjectSql.ts'
import { adminTokenOf, type DurableObjectState, type SandboxEnv } from './platform.ts'
import { problem } from './problem.ts'
import { DEFAULT_WORKSPACE, WORKSPACE_HEADER } from './workspaceRoute.ts'

/** How long a request's counts may stay unsaved; the contract allows a second, the alarm needs a little of it. */
const WRITE_BEHIND_MS = 500
const CREATE_PATH = '/_developer-sandbox/workspace'

export class SandboxWorkspace extends DurableObject<SandboxEnv> {
  readonly #sql
  /** The clock, fault switches and request journal the control API moves and the core reads; the first two outlive an eviction. Set with the state, before any request. */
  #controls!: DurableControls
  #control: ((request: Request) => Promise<Response>) | undefined
  /** The core once the state has loaded (the constructor blocks every request until then). */
  protected core: PersistentCore | undefined
  #name: string | undefined

  constructor(ctx: DurableObjectState, env: SandboxEnv) {
    super(ctx, env)
    this.#sql = durableObjectSql(ctx.storage)
    ctx.blockConcurrencyWhile(async () => {
      // The store creates or migrates the schema, which the controls read their saved values from.
      const store = new SqlStateStore(this.#sql)
      this.#controls = durableControls(this.#sql)
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
      })
      this.#name = readMeta(this.#sql, 'workspace')
    })
  }

  /** Every request the Worker forwards: the API, or (the admin token already checked) a control route. */
  async fetch(request: Request): Promise<Response> {
    const core = this.core
    if (!core) return problem(500, 'internal_error', 'Failed to open the workspace: its state did not load.')
    const name = request.headers.get(WORKSPACE_HEADER) ?? DEFAULT_WORKSPACE
    const path = new URL(request.url).pathname
    if (path === CREATE_PATH && request.method === 'PUT') return this.#create(name)
    if (name !== DEFAULT_WORKSPACE && this.#name !== name) {
      return problem(404, 'workspace_not_found', `Failed to find the workspace "${name}": the admin has not created it.`)
    }
    if (isControlPath(path)) return this.control(request, core)
    return core.sandbox.handle(request)
  }

  /** The one door to the control routes (keys, clock, faults, journal, reset, state): the control API every host mounts. */
  control(request: Request, core: PersistentCore): Promise<Response> {
    this.#control ??= createControlHandler({
      workspace: core.sandbox.workspace,
      controls: this.#controls,
      // The Worker checked the token already; the handler checks it again, as it does in every host.
      adminToken: () => adminTokenOf(this.env),
      persist: async () => core.save(),
    })
    return this.#control(request)
  }

  /** The clock the core reads: the platform's, moved by the control API (`/clock`) or a test subclass. */
  protected now(): number {
    return this.#controls.clock.now()
  }

  /** Fault switches, read on every request: set by the control API (`/faults`) or a test subclass. */
  protected faults(): Faults {
    return this.#controls.faults.read()
  }

  /** Saves the counts written behind, and what is left of a limited fault with them. */
  alarm(): void {
    this.core?.flush()
    if (this.#controls.faults.read().count !== undefined) this.#controls.saveFaults()
  }

  #create(name: string): Response {
    const existed = name === DEFAULT_WORKSPACE || this.#name === name
    if (!existed) {
      writeMeta(this.#sql, 'workspace', name)
      this.#name = name
    }
    return new Response(JSON.stringify({ workspace: name, created: !existed }), {
      status: existed ? 200 : 201,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
    })
  }
}
