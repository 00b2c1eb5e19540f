import { type ChangeEvent, useId, useRef, useState } from 'react'
import { historyStore } from '../state/history/historyStore.ts'
import { useReadyRuntime } from '../state/runtime/runtimeStore.ts'
import { downloadText, exportPlayground, importPlayground } from './playgroundExport.ts'

type Notice = { kind: 'ok' | 'error'; text: string } | undefined

/** Reset, export and import of everything, for all tabs at once. */
export function StateTransfer() {
  const { sandbox } = useReadyRuntime()
  const [notice, setNotice] = useState<Notice>()
  const [confirmReset, setConfirmReset] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const id = useId()

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
      downloadText(await exportPlayground(sandbox.workspace), `developer-sandbox-${stamp}.json`)
      return 'Exported. The file holds key hashes and last four characters, never a key.'
    })
  const importFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (file) void run(async () => importPlayground(sandbox.workspace, await file.text()))
  }
  const reset = () =>
    run(async () => {
      setConfirmReset(false)
      await sandbox.workspace.reset()
      historyStore.getState().clear()
      return 'Reset: every key, project, usage record, rate-limit window and the history are gone. The catalogue stays.'
    })

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Reset, export, import</h3>
      <p className="muted small">
        Applies to every tab. Exports carry key hashes and last four characters only: a key cannot be recovered from them.
      </p>
      <div className="button-row">
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
            <button type="button" onClick={() => setConfirmReset(false)}>
              Cancel
            </button>
          </>
        ) : (
          <button type="button" className="danger" onClick={() => setConfirmReset(true)}>
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
