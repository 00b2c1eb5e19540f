import type { ManifestOrigin } from './manifestStore.ts'

interface OriginNoteProps {
  origin: ManifestOrigin
  /** The text differs from what its origin gave. */
  edited: boolean
  /** A load just replaced edited text: offer it back. */
  onUndo: (() => void) | undefined
}

/** Where the text came from (and whether it was edited since), the lesson of a broken example, and Undo after a load replaced edits. */
export function OriginNote({ origin, edited, onUndo }: OriginNoteProps) {
  const where =
    origin.kind === 'own' ? (
      <>Your own manifest, written here</>
    ) : origin.kind === 'link' ? (
      <>Opened from a shared link</>
    ) : origin.kind === 'file' ? (
      <>Opened from the file {origin.name}</>
    ) : (
      <>
        Template: <strong>{origin.label}</strong>
      </>
    )
  return (
    <p className="origin-note" data-testid="origin-note">
      {where}
      {edited && origin.kind !== 'own' ? ', edited' : ''}.
      {origin.kind === 'template' && origin.lesson ? (
        <>
          {' '}
          · <span className="lesson">Lesson: {origin.lesson}</span>
        </>
      ) : null}
      {onUndo ? (
        <>
          {' '}
          Your edits were replaced.{' '}
          <button type="button" onClick={onUndo}>
            Undo
          </button>
        </>
      ) : null}
    </p>
  )
}
