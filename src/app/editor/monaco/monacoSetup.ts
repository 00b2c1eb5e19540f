/**
 * Monaco from the local package, JSON only. This module is the only one that
 * imports monaco-editor, and it is reached through a dynamic import, so the
 * editor never delays the page or the API.
 *
 * @note We import `monaco-editor/editor`, the editor features we use and the
 * JSON language instead of `monaco-editor`, which would pull the TypeScript,
 * CSS and HTML language services and workers (~8.5 MB) a JSON editor never
 * uses. `loader.config({ monaco })` stops @monaco-editor/react from fetching
 * Monaco from a CDN: nothing of the editor leaves this origin.
 *
 * @note package.json names this file under `sideEffects`: the package is
 * otherwise side-effect free, and the build would drop the settings below
 * along with the statements that make them.
 */
import { loader } from '@monaco-editor/react'
import * as monaco from 'monaco-editor/editor'
// The contributions a JSON manifest editor uses, by name, registered before
// the first editor exists. The JSON mode no longer drags in the other ~60
// (src/build/monacoJsonOnly.ts), so each one here is a choice.
import 'monaco-editor/features/codeEditor/register'
import 'monaco-editor/features/codicon/register'
import 'monaco-editor/editor/browser/coreCommands'
import 'monaco-editor/features/bracketMatching/register'
import 'monaco-editor/features/clipboard/register'
import 'monaco-editor/features/codeAction/register'
import 'monaco-editor/features/comment/register'
import 'monaco-editor/features/contextmenu/register'
import 'monaco-editor/features/cursorUndo/register'
import 'monaco-editor/features/find/register'
import 'monaco-editor/features/folding/register'
import 'monaco-editor/features/format/register'
import 'monaco-editor/features/gotoError/register'
import 'monaco-editor/features/hover/register'
import 'monaco-editor/features/indentation/register'
import 'monaco-editor/features/linesOperations/register'
import 'monaco-editor/features/multicursor/register'
import 'monaco-editor/features/quickCommand/register'
import 'monaco-editor/features/quickHelp/register'
import 'monaco-editor/features/readOnlyMessage/register'
import 'monaco-editor/features/smartSelect/register'
import 'monaco-editor/features/snippet/register'
import 'monaco-editor/editor/contrib/suggest/browser/suggestController'
import 'monaco-editor/features/toggleTabFocusMode/register'
import 'monaco-editor/features/tokenization/register'
import 'monaco-editor/features/wordHighlighter/register'
import 'monaco-editor/features/wordOperations/register'
import 'monaco-editor/editor/common/standaloneStrings'
import EditorWorker from 'monaco-editor/editor/editor.worker?worker'
import { StandaloneServices } from 'monaco-editor/editor/standalone/browser/standaloneServices'
import JsonWorker from 'monaco-editor/language/json/json.worker?worker'
import { jsonDefaults } from 'monaco-editor/languages/features/json/register'
import { IKeybindingService, type KeybindingService } from 'monaco-editor/platform/keybinding/common/keybinding'
import { MANIFEST_DIAGNOSTICS } from '../language/manifestLanguageSettings.ts'

// Workers come from this origin, bundled by Vite from the local package.
self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    return label === 'json' ? new JsonWorker() : new EditorWorker()
  },
}

jsonDefaults.setDiagnosticsOptions(MANIFEST_DIAGNOSTICS)
jsonDefaults.setModeConfiguration({
  ...jsonDefaults.modeConfiguration,
  // Colour decorators would make manifest strings interactive; a reviewer only reads them.
  colors: false,
  // Markers are set by markerSync.ts instead, so we know which text each set belongs to.
  diagnostics: false,
})

loader.config({ monaco })

/** The keybinding service every standalone editor dispatches keys through: what a key does here, on this platform. */
export function keybindingService(): KeybindingService {
  return StandaloneServices.get(IKeybindingService)
}

export { monaco }
