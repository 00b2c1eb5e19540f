/** The editor's own code (Monaco, its JSON language and the editor's glue), loaded apart from the panel. */
import { preloadable } from '../ui/preloadable.ts'

export const manifestEditorModule = preloadable(() => import('./ManifestEditor.tsx'))
