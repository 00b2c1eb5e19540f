import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { OPERATIONS } from '../../api/index.ts'
import type { SandboxClient } from '../../client/sandboxClient.ts'
import { keyVault } from '../state/keys/keyVault.ts'
import { workspaceStore } from '../state/keys/workspaceStore.ts'

/** The spec's rotation order: issue the new key, put it to use, then revoke the old one. */
export type RotationStep = 'issue' | 'use' | 'revoke' | 'done'

export interface RotationState {
  oldId: string | undefined
  newId: string | undefined
  step: RotationStep
  /** The result of trying the new key: operation and status. */
  check: { label: string; status: number } | undefined
  busy: boolean
  start(oldId: string): void
  issueReplacement(): Promise<void>
  tryNewKey(client: SandboxClient): Promise<void>
  revokeOld(): Promise<void>
  close(): void
}

const IDLE = { oldId: undefined, newId: undefined, step: 'issue' as const, check: undefined, busy: false }

export const rotationStore = createStore<RotationState>()((set, get) => ({
  ...IDLE,
  start: (oldId) => set({ ...IDLE, oldId }),
  async issueReplacement() {
    const old = workspaceStore.getState().keys.find((key) => key.id === get().oldId)
    if (!old) return
    set({ busy: true })
    const label = `Rotated from …${old.lastFour}${old.label ? ` (${old.label})` : ''}`.slice(0, 80)
    const issued = await workspaceStore.getState().issue({ app: old.app, environment: old.environment, scopes: old.scopes, label })
    set({ busy: false, ...(issued ? { newId: issued.id, step: 'use' as const } : {}) })
  },
  async tryNewKey(client) {
    const { newId } = get()
    const key = newId ? keyVault.getState().secrets[newId] : undefined
    const summary = workspaceStore.getState().keys.find((candidate) => candidate.id === newId)
    const operation = OPERATIONS.find((candidate) => summary?.scopes.includes(candidate.scope))
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
  async revokeOld() {
    const { oldId } = get()
    if (!oldId) return
    set({ busy: true })
    await workspaceStore.getState().revoke(oldId)
    set({ busy: false, step: 'done' })
  },
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
