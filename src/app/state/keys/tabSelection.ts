/**
 * Which key this tab had selected, by id (never the secret), in
 * sessionStorage: after a reload the tab can say which key it lost and offer
 * a fresh one with the same scopes, instead of a bare 401.
 */
const TAB_SELECTION_STORAGE_KEY = 'developer-sandbox-playground:selected-key-id'

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage ?? undefined
  } catch {
    return undefined
  }
}

export function readTabSelection(): string | undefined {
  return storage()?.getItem(TAB_SELECTION_STORAGE_KEY) ?? undefined
}

export function writeTabSelection(id: string | undefined): void {
  const store = storage()
  if (!store) return
  if (id === undefined) store.removeItem(TAB_SELECTION_STORAGE_KEY)
  else store.setItem(TAB_SELECTION_STORAGE_KEY, id)
}
