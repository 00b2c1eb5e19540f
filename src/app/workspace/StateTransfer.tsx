import { type ChangeEvent, type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react'
import { historyStore } from '../state/history/historyStore.ts'
import { workspaceStore } from '../state/keys/workspaceStore.ts'
import { useConnection } from '../state/runtime/runtimeStore.ts'
import { downloadText, exportPlayground, importPlayground } from './playgroundExport.ts'

type Notice = { kind: 'ok' | 'error'; text: string } | undefined

/** Reset, export and import of everything, for all tabs at once. */
export function StateTransfer() {
  const { control } = useConnection()
  const [notice, setNotice] = useState<Notice>()
  const [confirmReset, setConfirmReset] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const id = useId()
  // Focus follows the confirmation as its buttons come and go, instead of falling to the page. A layout effect,
  // so focus has moved before the next key press is handled, whenever the renderer runs passive effects.
  const resetButton = useRef<HTMLButtonElement>(null)
  const cancelButton = useRef<HTMLButtonElement>(null)
  const backToReset = useRef(false)
  useLayoutEffect(() => {
    if (confirmReset) cancelButton.current?.focus()
    else if (backToReset.current) resetButton.current?.focus()
    backToReset.current = false
  }, [confirmReset])
  const closeConfirm = () => {
    backToReset.current = true
    setConfirmReset(false)
  }
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (!confirmReset || event.key !== 'Escape') return
    event.preventDefault()
    closeConfirm()
  }

  const run = async (action: () => Promise<string>) => {
    try {
      setNotice({ kind: 'ok', text: await action() })
    } catch (error) {
      setNotice({ kind: 'error', text: error instanceof Error ? error.message : String(error) })
    }
  }
  const exportAll = () =>
    run(async () => {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)
      downloadText(await exportPlayground(control), `developer-sandbox-${stamp}.json`)
      return 'Exported. The file holds key hashes and last four characters, never a key.'
    })
  const importFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (file)
      void run(async () => {
        const done = await importPlayground(control, await file.text())
        await workspaceStore.getState().refresh()
        return done
      })
  }
  const reset = () =>
    run(async () => {
      closeConfirm()
      await control.reset()
      historyStore.getState().clear()
      await workspaceStore.getState().refresh()
      return 'Reset: every key, project, usage record, rate-limit window, the history, the clock and the fault switches are back to new. The catalogue stays.'
    })

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Reset, export, import</h3>
      <p className="muted small">
        Applies to every tab. Exports carry key hashes and last four characters only: a key cannot be recovered from them.
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape here cancels a pending reset, whichever of its buttons has focus */}
      <div className="button-row" onKeyDown={cancelOnEscape}>
        <button type="button" onClick={() => void exportAll()}>
          Export state
        </button>
        <button type="button" onClick={() => fileInput.current?.click()}>
          Import state…
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          onChange={importFile}
          hidden
          aria-label="Choose an export file to import"
        />
        {confirmReset ? (
          <>
            <button type="button" className="danger" onClick={() => void reset()}>
              Confirm reset
            </button>
            <button type="button" ref={cancelButton} onClick={closeConfirm}>
              Cancel
            </button>
          </>
        ) : (
          <button type="button" className="danger" ref={resetButton} onClick={() => setConfirmReset(true)}>
            Reset everything…
          </button>
        )}
      </div>
      <p className={notice?.kind === 'error' ? 'error-text' : 'ok-text'} role="status">
        {notice?.text ?? ''}
      </p>
    </section>
  )
}
