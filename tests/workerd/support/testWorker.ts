/**
 * The team sandbox's Worker as the workerd suites run it: the real Worker and
 * Durable Object, with a clock and fault switches a test in the same isolate can set.
 */
import type { Faults } from '../../../src/api/core.ts'
import type { PersistentCore } from '../../../src/persistence/persistentCore.ts'
import { SandboxWorkspace } from '../../../src/worker/index.ts'

export { default, WorkspaceRegistry } from '../../../src/worker/index.ts'

export class TestWorkspace extends SandboxWorkspace {
  clock: (() => number) | undefined
  switches: (() => Faults) | undefined
  /** Moves the object's real time (expiry, last use) for a test; unset, the platform's. */
  wallClockMs: number | undefined

  protected override now(): number {
    return this.clock ? this.clock() : super.now()
  }

  protected override wallClock(): number {
    return this.wallClockMs ?? super.wallClock()
  }

  /** One record per store: every other record is let go once saved, so the suites run through the object's reads of its storage. */
  protected override heldRecords(): number {
    return 1
  }

  protected override faults(): Faults {
    return this.switches ? this.switches() : super.faults()
  }

  /** Loads the state (a fresh object creates it), as a default workspace's first request does. */
  ready(): Promise<PersistentCore> {
    return this.open()
  }

  /** The object's core, for a test to issue keys and read records as the admin routes do. */
  get loadedCore(): PersistentCore {
    if (!this.core) throw new Error('Failed to reach the workspace core: it has not loaded.')
    return this.core
  }
}
