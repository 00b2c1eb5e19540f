/**
 * A request, from any view, for a key with particular scopes (a 403 names the
 * one missing). The workspace's issue form starts from it once: the form is
 * keyed by `nonce`, and settling the request keeps a later visit from
 * starting over with it.
 */
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import type { Scope } from '../../../api/core.ts'

export interface KeyRequest {
  scopes: readonly Scope[]
  /** Grows with every request, so asking twice for the same scopes counts twice. */
  nonce: number
  /** Whether the form has taken it up (focused, filled) yet. */
  settled: boolean
}

export interface KeyRequestState {
  request: KeyRequest | undefined
  ask(scopes: readonly Scope[]): void
  settle(nonce: number): void
}

export const keyRequestStore = createStore<KeyRequestState>()((set, get) => ({
  request: undefined,
  ask: (scopes) => set({ request: { scopes: [...scopes], nonce: (get().request?.nonce ?? 0) + 1, settled: false } }),
  settle(nonce) {
    const { request } = get()
    if (request?.nonce === nonce && !request.settled) set({ request: { ...request, settled: true } })
  },
}))

export function useKeyRequest<T>(selector: (state: KeyRequestState) => T): T {
  return useStore(keyRequestStore, selector)
}
