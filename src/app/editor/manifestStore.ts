/**
 * The manifest being edited, kept outside React so it survives the frame
 * switching sections (which unmounts the panel). It starts from a shared
 * link when the page was opened with one.
 */
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { readSharedManifest } from './share/shareLink.ts'
import { BLANK_TEMPLATE, templateText } from './templates/starterTemplates.ts'

/** Where the text came from, shown above the editor. */
export type ManifestOrigin =
  | { kind: 'template'; label: string; lesson?: string }
  | { kind: 'link' }
  | { kind: 'file'; name: string }
  /** The whole text was replaced in the editor (select all, paste): nothing of the loaded text is left to name. */
  | { kind: 'own' }

export interface ManifestState {
  text: string
  origin: ManifestOrigin
  /** Bumped when the text is replaced from outside the editor, so the editor can take focus and reset its view. */
  loads: number
  /** The text as it came from its origin; `text` differs once the user edited it. */
  loadedText: string
  /** The edited text a load replaced, until the next edit: what "Undo" brings back. */
  replaced: { text: string; origin: ManifestOrigin } | undefined
  /** Replaces the text from a template, a file or a link. */
  load(text: string, origin: ManifestOrigin): void
  /** Brings back the edited text the last load replaced. */
  undoLoad(): void
  /** Follows typing in the editor; `replacedAll` when one edit replaced the whole text. */
  edit(text: string, replacedAll?: boolean): void
}

function initial(): Pick<ManifestState, 'text' | 'origin'> {
  const shared = typeof location === 'undefined' ? null : readSharedManifest(location.href)
  if (shared !== null) return { text: shared, origin: { kind: 'link' } }
  return { text: templateText(BLANK_TEMPLATE.manifest), origin: { kind: 'template', label: BLANK_TEMPLATE.label } }
}

const start = initial()

export const manifestStore = createStore<ManifestState>()((set, get) => ({
  ...start,
  loads: 0,
  loadedText: start.text,
  replaced: undefined,
  load: (text, origin) => {
    const current = get()
    // Edits are work: keep them for "Undo" when a load replaces them.
    const replaced = current.text !== current.loadedText ? { text: current.text, origin: current.origin } : undefined
    set({ text, origin, loadedText: text, replaced, loads: current.loads + 1 })
  },
  undoLoad: () => {
    const { replaced, loads } = get()
    if (!replaced) return
    // The restored text counts as edited (loadedText stays), so loading over it again keeps it again.
    set({ text: replaced.text, origin: replaced.origin, replaced: undefined, loads: loads + 1 })
  },
  edit: (text, replacedAll = false) => {
    if (text === get().text) return
    // The user's own text: an empty loadedText keeps it "edited", so a later load keeps it for Undo.
    if (replacedAll) set({ text, origin: { kind: 'own' }, loadedText: '', replaced: undefined })
    else set({ text, replaced: undefined })
  },
}))

export function useManifest<T>(selector: (state: ManifestState) => T): T {
  return useStore(manifestStore, selector)
}
