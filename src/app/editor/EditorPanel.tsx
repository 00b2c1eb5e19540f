/**
 * The manifest editor: Monaco (lazy) with the contract's schema, live API
 * validation, problems that jump to their place, templates, a shareable
 * link and the reviewer's preview.
 */
import { useMemo, useRef, useState } from 'react'
import type { Scope } from '../../api/core.ts'
import type { SandboxClient } from '../../client/sandboxClient.ts'
import { type KeyAccess, lacksScope } from '../state/keys/keyAccess.ts'
import { useKeyAccess } from '../state/keys/useKeyAccess.ts'
import { useKeyGate } from '../state/keys/useKeyGate.ts'
import { KeyGate } from '../ui/KeyGate.tsx'
import { useArrived } from '../ui/preloadable.ts'
import { CursorPosition } from './CursorPosition.tsx'
import { parseManifestText, type TextSpan } from './document/manifestText.ts'
import type { EditorHandle } from './editorHandle.ts'
import { FileOpener } from './FileOpener.tsx'
import { type KeyLabels, keyboardHint } from './help/keyboardHint.ts'
import { manifestEditorModule } from './manifestEditorModule.ts'
import { manifestStore, useManifest } from './manifestStore.ts'
import { OriginNote } from './OriginNote.tsx'
import { PlainEditor } from './PlainEditor.tsx'
import { PreviewPanel } from './preview/PreviewPanel.tsx'
import { usePreview } from './preview/usePreview.ts'
import { ShareControls } from './share/ShareControls.tsx'
import { TemplatePicker } from './templates/TemplatePicker.tsx'
import { usePaintMark } from './usePaintMark.ts'
import { useResolvedTheme } from './useResolvedTheme.ts'
import { AgreementNote } from './validation/AgreementNote.tsx'
import { locateMarkers, type MarkerSnapshot } from './validation/editorMarkers.ts'
import { editorStatus, freshMarkers } from './validation/editorStatus.ts'
import { ProblemsList, SyntaxList } from './validation/ProblemsList.tsx'
import { StatusLine } from './validation/StatusLine.tsx'
import { useLiveValidation } from './validation/useLiveValidation.ts'
import './editor.css'

/** The smallest key that does everything this panel does. */
const TOOL_AUTHOR_SCOPES: readonly Scope[] = ['tools.read', 'tools.validate', 'tools.preview']

export interface EditorPanelProps {
  client: SandboxClient
  /** The selected key's plaintext, from the tab's key vault. */
  apiKey: string | undefined
}

function blockedReason(access: KeyAccess): string | null {
  if (access.kind === 'none') return 'no key is selected.'
  if (access.kind === 'inactive') return `the selected key is ${access.status}.`
  if (access.kind === 'missing-scopes') return `the selected key lacks ${access.missing.join(', ')}.`
  return null
}

export function EditorPanel({ client, apiKey }: EditorPanelProps) {
  const text = useManifest((state) => state.text)
  const origin = useManifest((state) => state.origin)
  const loads = useManifest((state) => state.loads)
  const edited = useManifest((state) => state.text !== state.loadedText)
  const replaced = useManifest((state) => state.replaced !== undefined)
  const theme = useResolvedTheme()
  const handle = useRef<EditorHandle | null>(null)
  const plainFocused = useRef(false)
  const [snapshot, setSnapshot] = useState<MarkerSnapshot>()
  const [cursor, setCursor] = useState(0)
  const [keys, setKeys] = useState<KeyLabels>()
  // The editor's code loads apart; the panel, the API check and the preview work before it arrives.
  const editorModule = useArrived(manifestEditorModule)

  const access = useKeyAccess(apiKey, ['tools.validate'])
  const blocked = blockedReason(access)
  const gate = useKeyGate(access, { purpose: 'validate and preview manifests', scopes: TOOL_AUTHOR_SCOPES, label: 'Manifest editor' })
  const parsed = useMemo(() => parseManifestText(text), [text])
  const value = useMemo(() => (parsed.ok ? { manifest: parsed.value } : undefined), [parsed])
  const verdict = useLiveValidation({ client, apiKey, text, value, enabled: blocked === null })
  const status = editorStatus({ text, apiKey, syntax: parsed.ok ? null : parsed.problems, blocked, verdict })

  // The editor redraws its markers' fixes when this changes: it must not change with every render (a cursor move).
  const invalidProblems = status.kind === 'invalid' ? status.problems : undefined
  const problemsOfText = useMemo(() => (invalidProblems ? { text, problems: invalidProblems } : undefined), [text, invalidProblems])

  const markers = freshMarkers(text, snapshot)
  const located = useMemo(() => (markers ? locateMarkers(text, parsed.tree, markers.markers) : undefined), [markers, text, parsed])
  // Settled: the editor has painted markers for this very text and the API part is decided.
  const settled = located !== undefined && status.kind !== 'checking'
  usePaintMark(settled)

  const previewBlocked =
    blocked !== null
      ? 'The preview needs a key with tools.preview.'
      : lacksScope(access, 'tools.preview')
        ? 'The selected key lacks tools.preview.'
        : null
  const valid = status.kind === 'valid' && value ? { manifest: value.manifest, digest: status.digest } : undefined
  const preview = usePreview({ client, apiKey, valid, enabled: previewBlocked === null })

  const { load, edit, undoLoad } = manifestStore.getState()
  const reveal = (span: TextSpan) => handle.current?.reveal(span)
  const plain = (
    <PlainEditor
      text={text}
      onEdit={edit}
      handle={handle}
      onCursor={setCursor}
      onFocusChange={(focused) => {
        plainFocused.current = focused
      }}
    />
  )

  return (
    // The frame's section heading names this panel; the toolbar comes first.
    <div className="editor-panel">
      <div className="editor-toolbar">
        <TemplatePicker onLoad={load} />
        <FileOpener onLoad={load} />
        <ShareControls text={text} pristine={loads === 0 && origin.kind === 'template'} />
      </div>
      {gate ? <KeyGate {...gate} /> : null}
      <div className="editor-columns">
        <div className="editor-main">
          <OriginNote origin={origin} edited={edited} onUndo={replaced ? undoLoad : undefined} />
          <div className="editor-frame">
            {editorModule ? (
              <editorModule.default
                text={text}
                loads={loads}
                theme={theme}
                onEdit={edit}
                onMarkers={setSnapshot}
                onCursor={setCursor}
                handle={handle}
                problems={problemsOfText}
                autoFocus={plainFocused.current}
                describedBy="editor-keyboard-hint"
                onKeyLabels={setKeys}
              />
            ) : (
              plain
            )}
          </div>
          <CursorPosition text={text} offset={cursor} />
          <p id="editor-keyboard-hint" className="muted small" data-testid="editor-keyboard-hint">
            {keyboardHint(editorModule ? keys : undefined)}
          </p>
          <StatusLine status={status} />
          {status.kind === 'invalid' ? (
            <ProblemsList
              text={text}
              tree={parsed.tree}
              problems={status.problems}
              onReveal={reveal}
              onFix={(change) => handle.current?.applyEdit(change)}
            />
          ) : null}
          {status.kind === 'syntax' ? <SyntaxList text={text} problems={status.problems} onReveal={reveal} /> : null}
          <AgreementNote status={status} markers={located} settled={settled} />
        </div>
        <section className="editor-preview" aria-labelledby="editor-preview-title">
          <h3 id="editor-preview-title">Preview for reviewers</h3>
          <PreviewPanel state={preview} currentDigest={valid?.digest} blockedReason={previewBlocked} />
        </section>
      </div>
    </div>
  )
}

export default EditorPanel
