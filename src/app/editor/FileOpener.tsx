import { type ChangeEvent, useId, useState } from 'react'
import type { ManifestOrigin } from './manifestStore.ts'

/** Manifests larger than the API accepts are refused here, before they reach the editor. */
const MAX_FILE_BYTES = 64 * 1024

/** Opens a manifest file from disk into the editor; the file is only read as text. */
export function FileOpener({ onLoad }: { onLoad(text: string, origin: ManifestOrigin): void }) {
  const id = useId()
  const [error, setError] = useState<string>()
  const open = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    if (file.size > MAX_FILE_BYTES) {
      setError(`Failed to open "${file.name}": it is ${Math.ceil(file.size / 1024)} KB; the API accepts at most 64 KB.`)
      return
    }
    setError(undefined)
    onLoad(await file.text(), { kind: 'file', name: file.name })
  }
  return (
    <span className="file-opener">
      {/* The input comes first so CSS can show its keyboard focus on the label that looks like a button. */}
      <input id={id} className="visually-hidden" type="file" accept=".json,application/json" onChange={open} data-testid="manifest-file" />
      <label htmlFor={id} className="button-like">
        Open file…
      </label>
      {error ? (
        <span className="file-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  )
}
