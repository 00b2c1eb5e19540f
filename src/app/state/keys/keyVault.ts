/**
 * The in-memory key vault of this tab: the plaintext keys issued here, a key
 * the user pasted, and which of them requests use. It is deliberately never
 * persisted (no IndexedDB, no localStorage, no URL, no export): a reload or
 * another tab starts empty, as a real key shown once would.
 */
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { type PlaygroundEvents, playgroundEvents } from '../events.ts'

export type KeySelection = { kind: 'none' } | { kind: 'issued'; id: string } | { kind: 'pasted' }

export interface KeyVaultState {
  /** Plaintext keys issued in this tab, by key id. */
  secrets: Readonly<Record<string, string>>
  /** A key pasted by the user (trimmed), or empty. */
  pasted: string
  selection: KeySelection
  /** The plaintext key requests are sent with right now, if any. */
  selectedKey: string | undefined
  /** Keeps a freshly issued key for this tab; `select` makes it the key in use. */
  remember(id: string, key: string, options?: { select?: boolean }): void
  select(selection: KeySelection): void
  paste(key: string): void
  /** Forgets every plaintext key (after a reset, when they open nothing any more). */
  forgetAll(): void
  /** Forgets the plaintext keys whose ids are not listed (after an import replaced the workspace). */
  keepOnly(ids: readonly string[]): void
}

function resolve(secrets: Readonly<Record<string, string>>, pasted: string, selection: KeySelection): string | undefined {
  if (selection.kind === 'issued') return secrets[selection.id]
  if (selection.kind === 'pasted') return pasted || undefined
  return undefined
}

export const keyVault = createStore<KeyVaultState>()((set, get) => {
  const apply = (patch: Partial<Pick<KeyVaultState, 'secrets' | 'pasted' | 'selection'>>) => {
    const next = { ...get(), ...patch }
    set({ ...patch, selectedKey: resolve(next.secrets, next.pasted, next.selection) })
  }
  return {
    secrets: {},
    pasted: '',
    selection: { kind: 'none' },
    selectedKey: undefined,
    remember(id, key, options) {
      apply({ secrets: { ...get().secrets, [id]: key }, ...(options?.select ? { selection: { kind: 'issued', id } } : {}) })
    },
    select: (selection) => apply({ selection }),
    paste: (key) => apply({ pasted: key.trim(), selection: { kind: 'pasted' } }),
    forgetAll: () => apply({ secrets: {}, pasted: '', selection: { kind: 'none' } }),
    keepOnly(ids) {
      const secrets = Object.fromEntries(Object.entries(get().secrets).filter(([id]) => ids.includes(id)))
      const { selection } = get()
      apply({ secrets, selection: selection.kind === 'issued' && !(selection.id in secrets) ? { kind: 'none' } : selection })
    },
  }
})

/**
 * Keeps the vault in step with the workspace: a key issued here is kept and
 * put to use; after a reset no secret opens anything, and after an import
 * only the secrets of keys that came back still do.
 */
export function followWorkspaceEvents(): () => void {
  const issued = ({ summary, key }: PlaygroundEvents['keyIssued']) => keyVault.getState().remember(summary.id, key, { select: true })
  const reset = () => keyVault.getState().forgetAll()
  const imported = ({ keyIds }: PlaygroundEvents['workspaceImported']) => keyVault.getState().keepOnly(keyIds)
  playgroundEvents.on('keyIssued', issued)
  playgroundEvents.on('workspaceReset', reset)
  playgroundEvents.on('workspaceImported', imported)
  return () => {
    playgroundEvents.off('keyIssued', issued)
    playgroundEvents.off('workspaceReset', reset)
    playgroundEvents.off('workspaceImported', imported)
  }
}

/** Reads the vault in a component, e.g. `useKeyVault((vault) => vault.selectedKey)`. */
export function useKeyVault<T>(selector: (state: KeyVaultState) => T): T {
  return useStore(keyVault, selector)
}

/** The last four characters of a key, the only part of it the playground ever shows again or stores. */
export function keyHint(key: string | undefined): string | null {
  return key ? `…${key.slice(-4)}` : null
}
