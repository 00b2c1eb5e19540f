import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import type { EmbedState } from '../run/embedController.ts'

/** Binds a slice of the embed's vanilla store to a component. */
export function useEmbedState<T>(store: StoreApi<EmbedState>, selector: (state: EmbedState) => T): T {
  return useStore(store, selector)
}
