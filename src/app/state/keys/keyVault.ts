/**
 * The in-memory key vault of this tab: the plaintext keys issued here, a key
 * the user pasted, and which of them requests use. By default it is never
 * persisted (no IndexedDB, no localStorage, no URL, no export): a reload or
 * another tab starts empty, as a real key shown once would. Two exceptions,
 * both chosen by the user or holding no secret: a key the user asked to
 * remember in this browser (rememberedKeys.ts), and the id of the selected
 * key in this tab's sessionStorage (tabSelection.ts), so that after a reload
 * the tab can say which key it lost.
 */
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { type PlaygroundEvents, playgroundEvents } from '../events.ts'
import { forgetRememberedKeys, REMEMBERED_KEYS_STORAGE_KEY, readRememberedKeys, rememberKey } from './rememberedKeys.ts'
import { readTabSelection, writeTabSelection } from './tabSelection.ts'

export type KeySelection = { kind: 'none' } | { kind: 'issued'; id: string } | { kind: 'pasted' }

export interface KeyVaultState {
  /** Plaintext keys issued in this tab, by key id. */
  secrets: Readonly<Record<string, string>>
  /** A key pasted by the user (trimmed), or empty. */
  pasted: string
  selection: KeySelection
  /** The plaintext key requests are sent with right now, if any. */
  selectedKey: string | undefined
  /** Ids of the keys whose plaintext the user chose to keep in this browser's localStorage. */
  rememberedIds: readonly string[]
  /** The key this tab had selected before a reload and no longer holds the secret of. */
  lostId: string | undefined
  /** Keeps a held key's plaintext in this browser (opt-in, like a .env file). */
  rememberInBrowser(id: string): void
  /** Removes a key's plaintext from this browser's storage; this tab keeps it in memory. */
  forgetInBrowser(id: string): void
  dismissLost(): void
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

/**
 * What a tab starts with: the remembered keys, and the key it had selected
 * if it still holds that secret. A new tab with remembered keys selects the
 * last one remembered, so a shared link works at once; a reloaded tab that
 * lost its key's secret says so (`lostId`).
 */
function initialVault(): Pick<KeyVaultState, 'secrets' | 'selection' | 'rememberedIds' | 'lostId'> {
  const secrets = readRememberedKeys()
  const rememberedIds = Object.keys(secrets)
  const previous = readTabSelection()
  if (previous !== undefined && previous in secrets)
    return { secrets, rememberedIds, selection: { kind: 'issued', id: previous }, lostId: undefined }
  const last = rememberedIds.at(-1)
  if (previous === undefined && last !== undefined)
    return { secrets, rememberedIds, selection: { kind: 'issued', id: last }, lostId: undefined }
  return { secrets, rememberedIds, selection: { kind: 'none' }, lostId: previous }
}

export const keyVault = createStore<KeyVaultState>()((set, get) => {
  const apply = (patch: Partial<Pick<KeyVaultState, 'secrets' | 'pasted' | 'selection' | 'rememberedIds' | 'lostId'>>) => {
    const next = { ...get(), ...patch }
    if (patch.selection) writeTabSelection(patch.selection.kind === 'issued' ? patch.selection.id : undefined)
    set({ ...patch, selectedKey: resolve(next.secrets, next.pasted, next.selection) })
  }
  const initial = initialVault()
  return {
    ...initial,
    pasted: '',
    selectedKey: resolve(initial.secrets, '', initial.selection),
    remember(id, key, options) {
      apply({
        secrets: { ...get().secrets, [id]: key },
        ...(options?.select ? { selection: { kind: 'issued', id }, lostId: undefined } : {}),
      })
    },
    select: (selection) => apply({ selection, lostId: undefined }),
    paste: (key) => apply({ pasted: key.trim(), selection: { kind: 'pasted' }, lostId: undefined }),
    forgetAll: () => {
      forgetRememberedKeys()
      apply({ secrets: {}, pasted: '', selection: { kind: 'none' }, rememberedIds: [], lostId: undefined })
    },
    keepOnly(ids) {
      const secrets = Object.fromEntries(Object.entries(get().secrets).filter(([id]) => ids.includes(id)))
      const gone = get().rememberedIds.filter((id) => !ids.includes(id))
      forgetRememberedKeys(gone)
      const { selection } = get()
      apply({
        secrets,
        rememberedIds: get().rememberedIds.filter((id) => ids.includes(id)),
        selection: selection.kind === 'issued' && !(selection.id in secrets) ? { kind: 'none' } : selection,
      })
    },
    rememberInBrowser(id) {
      const key = get().secrets[id]
      if (!key) return
      rememberKey(id, key)
      apply({ rememberedIds: [...get().rememberedIds.filter((other) => other !== id), id] })
    },
    forgetInBrowser(id) {
      forgetRememberedKeys([id])
      apply({ rememberedIds: get().rememberedIds.filter((other) => other !== id) })
    },
    dismissLost: () => apply({ lostId: undefined }),
  }
})

/** Takes up keys another tab remembered or forgot in this browser (the `storage` event fires in the other tabs only). */
function followRememberedKeys(event: StorageEvent): void {
  if (event.key !== REMEMBERED_KEYS_STORAGE_KEY && event.key !== null) return
  const remembered = readRememberedKeys(event.key === null ? null : event.newValue)
  const vault = keyVault.getState()
  keyVault.setState({ secrets: { ...vault.secrets, ...remembered }, rememberedIds: Object.keys(remembered) })
}

/**
 * Keeps the vault in step with the workspace: a key issued here is kept and
 * put to use; after a reset no secret opens anything, and after an import
 * only the secrets of keys that came back still do.
 */
export function followWorkspaceEvents(): () => void {
  const issued = ({ summary, key }: PlaygroundEvents['keyIssued']) => keyVault.getState().remember(summary.id, key, { select: true })
  const reset = () => keyVault.getState().forgetAll()
  const imported = ({ keyIds }: PlaygroundEvents['workspaceImported']) => keyVault.getState().keepOnly(keyIds)
  // A revoked key opens nothing: its remembered plaintext goes too.
  const revoked = ({ id }: PlaygroundEvents['keyRevoked']) => keyVault.getState().forgetInBrowser(id)
  playgroundEvents.on('keyIssued', issued)
  playgroundEvents.on('keyRevoked', revoked)
  playgroundEvents.on('workspaceReset', reset)
  playgroundEvents.on('workspaceImported', imported)
  globalThis.addEventListener?.('storage', followRememberedKeys)
  return () => {
    globalThis.removeEventListener?.('storage', followRememberedKeys)
    playgroundEvents.off('keyIssued', issued)
    playgroundEvents.off('keyRevoked', revoked)
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
