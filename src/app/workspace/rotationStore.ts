import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { type IssueKeyOptions, type KeySummary, OPERATIONS } from '../../api/core.ts'
import type { SandboxClient } from '../../client/sandboxClient.ts'

/** The spec's rotation order: issue the new key, put it to use, then revoke the old one. */
export type RotationStep = 'issue' | 'use' | 'revoke' | 'done'

/**
 * A rotation in progress. The steps are handed the workspace's actions and
 * keys by the panel that runs them, so this store drives no other store.
 */
export interface RotationState {
  oldId: string | undefined
  newId: string | undefined
  step: RotationStep
  /** The result of trying the new key: operation and status. */
  check: { label: string; status: number } | undefined
  busy: boolean
  start(oldId: string): void
  issueReplacement(old: KeySummary, issue: (options: IssueKeyOptions) => Promise<KeySummary | undefined>): Promise<void>
  /** Sends one request the new key's scopes allow, with the new key's plaintext (held by this tab). */
  tryNewKey(client: SandboxClient, fresh: KeySummary | undefined, key: string | undefined): Promise<void>
  revokeOld(revoke: (id: string) => Promise<void>): Promise<void>
  /** Ends a rotation whose old key has already expired: there is nothing left to revoke. */
  finish(): void
  close(): void
}

const IDLE = { oldId: undefined, newId: undefined, step: 'issue' as const, check: undefined, busy: false }

export const rotationStore = createStore<RotationState>()((set, get) => ({
  ...IDLE,
  start: (oldId) => set({ ...IDLE, oldId }),
  async issueReplacement(old, issue) {
    set({ busy: true })
    const label = `Rotated from …${old.lastFour}${old.label ? ` (${old.label})` : ''}`.slice(0, 80)
    const issued = await issue({ app: old.app, environment: old.environment, scopes: old.scopes, label })
    set({ busy: false, ...(issued ? { newId: issued.id, step: 'use' as const } : {}) })
  },
  async tryNewKey(client, fresh, key) {
    const operation = OPERATIONS.find((candidate) => fresh?.scopes.includes(candidate.scope))
    if (!key || !operation) return
    set({ busy: true })
    const result = await client.call(operation.operationId, {
      key,
      ...(operation.method === 'POST' ? { body: bodyFor(operation.body) } : {}),
    })
    set({
      busy: false,
      check: { label: `${operation.method} ${operation.path}`, status: result.status },
      ...(result.ok ? { step: 'revoke' as const } : {}),
    })
  },
  async revokeOld(revoke) {
    const { oldId } = get()
    if (!oldId) return
    set({ busy: true })
    await revoke(oldId)
    set({ busy: false, step: 'done' })
  },
  finish: () => set({ step: 'done' }),
  close: () => set(IDLE),
}))

// A minimal valid body, so a POST-only key can be tried too.
function bodyFor(kind: string): unknown {
  if (kind === 'webhookTest') return { message: 'Rotation check' }
  return {
    manifest: {
      schema: 'service.tool/v1',
      entry: 'rotation-check',
      permissions: [],
    },
  }
}

export function useRotation<T>(selector: (state: RotationState) => T): T {
  return useStore(rotationStore, selector)
}
