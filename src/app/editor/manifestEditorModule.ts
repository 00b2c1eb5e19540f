/** The editor's own code (CodeMirror and the language client), loaded apart from the panel. */
import { preloadable } from '../ui/preloadable.ts'

export const manifestEditorModule = preloadable(() => import('./ManifestEditor.tsx'))
