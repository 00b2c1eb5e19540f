/**
 * Sets the editor's markers from the language worker and reports each set
 * with the exact text it describes, so the panel knows whether the markers
 * on screen belong to the current text (an empty set that stays empty is a
 * report too).
 */
import { type Diagnostic, setDiagnostics } from '@codemirror/lint'
import { type EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view'
import { askLanguage } from '../language/languageClient.ts'
import type { MarkerSnapshot } from '../validation/editorMarkers.ts'
import { QUIET_MS } from '../validation/quietTime.ts'
import { fixActions, type ProblemsOfText } from './quickFixActions.ts'

export interface MarkerSyncOptions {
  onSnapshot(snapshot: MarkerSnapshot): void
  /** The API's problems for the text they describe, read when markers are (re)drawn. */
  problems(): ProblemsOfText | undefined
}

function diagnosticsOf(snapshot: MarkerSnapshot, problems: ProblemsOfText | undefined): Diagnostic[] {
  const actions = fixActions(snapshot.text, snapshot.markers, problems)
  return snapshot.markers.map((marker, index) => ({
    from: marker.from,
    to: marker.to,
    severity: marker.severity,
    message: marker.message,
    source: 'service.tool/v1',
    actions: actions[index],
  }))
}

/** The plugin, and `showFixes` to redraw the current markers once the API's problems (the fixes' source) change. */
export function markerSync(options: MarkerSyncOptions) {
  let shown: MarkerSnapshot | undefined
  const draw = (view: EditorView, snapshot: MarkerSnapshot) => {
    shown = snapshot
    view.dispatch(setDiagnostics(view.state, diagnosticsOf(snapshot, options.problems())))
  }

  const plugin = ViewPlugin.fromClass(
    class {
      private timer: ReturnType<typeof setTimeout> | undefined
      private run = 0
      private destroyed = false

      constructor(private readonly view: EditorView) {
        void this.validate()
      }

      update(update: ViewUpdate) {
        if (!update.docChanged) return
        this.run++
        clearTimeout(this.timer)
        // Same quiet time as the API check, so markers and verdict arrive together.
        this.timer = setTimeout(() => void this.validate(), QUIET_MS)
      }

      destroy() {
        this.destroyed = true
        clearTimeout(this.timer)
      }

      private async validate() {
        const run = this.run
        const text = this.view.state.doc.toString()
        try {
          const markers = await askLanguage('markers', text)
          // A newer edit has its own run coming; these markers describe older text.
          if (this.destroyed || run !== this.run) return
          const snapshot = { text, markers }
          draw(this.view, snapshot)
          options.onSnapshot(snapshot)
        } catch (error) {
          if (!this.destroyed) console.warn(`Failed to validate "manifest" in the editor: ${String(error)}`)
        }
      }
    },
  )

  return {
    plugin,
    showFixes(view: EditorView) {
      if (shown && shown.text === view.state.doc.toString()) draw(view, shown)
    },
  }
}
