import { useState } from 'react'
import { CopyButton } from '../ui/CopyButton.tsx'
import { JsonTree, parseJson } from './JsonView.tsx'

/**
 * A body: JSON highlighted and foldable, with copy and fold-all; other text
 * shown as sent. Scrollable and reachable by keyboard. `label` names the
 * body in its buttons; `region`, when given, names the region where several
 * bodies can be on the page at once.
 */
export function BodyView({ text, label, region = label }: { text: string; label: string; region?: string }) {
  const json = parseJson(text)
  // Remounting the tree with another key resets every fold to the chosen default.
  const [folds, setFolds] = useState({ open: true, generation: 0 })
  const pretty = json ? JSON.stringify(json.value, null, 2) : text
  return (
    // A region's name must be unique on the page: a history entry's body names its entry (axe: landmark-unique).
    <section className="body-frame" aria-label={region}>
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
