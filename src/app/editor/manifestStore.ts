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
export type ManifestOrigin = { kind: 'template'; label: string; lesson?: string } | { kind: 'link' } | { kind: 'file'; name: string }

export interface ManifestState {
  text: string
  origin: ManifestOrigin
  /** Bumped when the text is replaced from outside the editor, so the editor can take focus and reset its view. */
  loads: number
  /** Replaces the text from a template, a file or a link. */
  load(text: string, origin: ManifestOrigin): void
  /** Follows typing in the editor. */
  edit(text: string): void
}

function initial(): Pick<ManifestState, 'text' | 'origin'> {
  const shared = typeof location === 'undefined' ? null : readSharedManifest(location.href)
  if (shared !== null) return { text: shared, origin: { kind: 'link' } }
  return { text: templateText(BLANK_TEMPLATE.manifest), origin: { kind: 'template', label: BLANK_TEMPLATE.label } }
}

export const manifestStore = createStore<ManifestState>()((set, get) => ({
  ...initial(),
  loads: 0,
  load: (text, origin) => set({ text, origin, loads: get().loads + 1 }),
  edit: (text) => {
    if (text !== get().text) set({ text })
  },
}))

export function useManifest<T>(selector: (state: ManifestState) => T): T {
  return useStore(manifestStore, selector)
}
