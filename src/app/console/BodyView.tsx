import { useState } from 'react'
import { CopyButton } from '../ui/CopyButton.tsx'
import { JsonTree, parseJson } from './JsonView.tsx'

/**
 * A body: JSON highlighted and foldable, with copy and fold-all; other text
 * shown as sent. Scrollable and reachable by keyboard.
 */
export function BodyView({ text, label }: { text: string; label: string }) {
  const json = parseJson(text)
  // Remounting the tree with another key resets every fold to the chosen default.
  const [folds, setFolds] = useState({ open: true, generation: 0 })
  const pretty = json ? JSON.stringify(json.value, null, 2) : text
  return (
    <section className="body-frame" aria-label={label}>
      {text ? (
        <div className="body-tools">
          {json ? (
            <>
              <button type="button" onClick={() => setFolds({ open: false, generation: folds.generation + 1 })}>
                Fold all
              </button>
              <button type="button" onClick={() => setFolds({ open: true, generation: folds.generation + 1 })}>
                Unfold all
              </button>
            </>
          ) : null}
          <CopyButton text={pretty} what={label.toLowerCase()} label={`Copy ${label.toLowerCase()}`} />
        </div>
      ) : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard */}
      <pre className={json ? 'body-view json-view' : 'body-view'} tabIndex={0} data-testid="response-body">
        {json ? <JsonTree key={folds.generation} value={json.value} openByDefault={folds.open} /> : text || '(empty body)'}
      </pre>
    </section>
  )
}
