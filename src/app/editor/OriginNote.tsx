import type { ManifestOrigin } from './manifestStore.ts'

/** Where the text came from, and the lesson when it is a broken example. */
export function OriginNote({ origin }: { origin: ManifestOrigin }) {
  if (origin.kind === 'link') return <p className="origin-note">Opened from a shared link.</p>
  if (origin.kind === 'file') return <p className="origin-note">Opened from the file {origin.name}.</p>
  return (
    <p className="origin-note" data-testid="origin-note">
      Template: <strong>{origin.label}</strong>
      {origin.lesson ? (
        <>
          {' '}
          · <span className="lesson">Lesson: {origin.lesson}</span>
        </>
      ) : null}
    </p>
  )
}
