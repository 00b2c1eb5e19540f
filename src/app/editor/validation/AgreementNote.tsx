import { displayPointer } from '../document/jsonPointer.ts'
import { compareVerdicts, type LocatedMarker } from './editorMarkers.ts'
import type { EditorStatus } from './editorStatus.ts'

interface AgreementNoteProps {
  status: EditorStatus
  /** The editor's error markers for the current text, or undefined while it is still checking (or not loaded). */
  markers: LocatedMarker[] | undefined
  settled: boolean
}

/**
 * Holds the editor's markers against the API's verdict. They come from the
 * same JSON Schema, so they should agree; when they cannot be compared, it
 * says why rather than leave the reader guessing.
 */
export function AgreementNote({ status, markers, settled }: AgreementNoteProps) {
  const editorPointers = markers?.map((marker) => marker.pointer) ?? []
  const apiPointers = status.kind === 'invalid' ? status.problems.map((problem) => problem.pointer) : []
  const comparable = markers !== undefined && (status.kind === 'valid' || status.kind === 'invalid')
  const agreement = compareVerdicts(editorPointers, apiPointers)
  let text: string
  if (markers === undefined) text = 'The editor is still checking this text.'
  else if (!comparable) {
    text =
      status.kind === 'syntax'
        ? 'The text is not JSON, so only the editor can say where it breaks.'
        : `The editor marks ${markers.length} place${markers.length === 1 ? '' : 's'}; there is no API verdict to compare with yet.`
  } else if (agreement.agree) text = 'Editor markers and the API verdict agree.'
  else {
    const parts = [
      agreement.onlyEditor.length > 0 ? `only the editor marks ${agreement.onlyEditor.map(displayPointer).join(', ')}` : '',
      agreement.onlyApi.length > 0 ? `only the API reports ${agreement.onlyApi.map(displayPointer).join(', ')}` : '',
    ].filter(Boolean)
    text = `Editor and API disagree: ${parts.join('; ')}. The API's verdict is the one that counts.`
  }
  return (
    <p
      className={`agreement${comparable && !agreement.agree ? ' is-disagreeing' : ''}`}
      data-testid="agreement"
      data-state={settled ? 'settled' : 'pending'}
      data-status={status.kind}
      data-editor-pointers={JSON.stringify(editorPointers)}
      data-api-pointers={JSON.stringify(apiPointers)}
    >
      {text}
    </p>
  )
}
