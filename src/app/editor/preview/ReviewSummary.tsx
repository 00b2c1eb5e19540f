import type { PreviewBody } from './previewBody.ts'

/** The safety boundary, the permissions and what each opens, and the consequence class. */
export function ReviewSummary({ preview }: { preview: PreviewBody }) {
  const { safetyBoundary, consequence, permissions, manifest } = preview
  return (
    <div className="review-grid">
      <section className="review-card" aria-labelledby="review-boundary">
        <h4 id="review-boundary">Safety boundary</h4>
        <ul className="boundary-list">
          <li>
            <span className="boundary-flag is-closed">{safetyBoundary.executesCode ? 'Runs code' : 'Runs no code'}</span>{' '}
            {safetyBoundary.entry}
          </li>
          <li>
            <span className="boundary-flag is-closed">{safetyBoundary.network ? 'Uses the network' : 'No network'}</span> The tool reaches
            nothing outside the sandbox.
          </li>
          <li>
            Closed data, whatever the manifest asks: <strong>{safetyBoundary.closedData.join(', ')}</strong>.
          </li>
        </ul>
      </section>
      <section className="review-card" aria-labelledby="review-permissions">
        <h4 id="review-permissions">Permissions ({permissions.length})</h4>
        {permissions.length === 0 ? (
          <p>None: the tool reads no data.</p>
        ) : (
          <dl className="permission-list">
            {permissions.map((permission) => (
              <div key={permission.scope}>
                <dt>
                  <code>{permission.scope}</code>
                </dt>
                <dd>{permission.opens}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section className="review-card" aria-labelledby="review-consequence">
        <h4 id="review-consequence">Consequence</h4>
        <p>
          <span className={`consequence consequence-${consequence.class ?? 'none'}`}>{consequence.class ?? '—'}</span>{' '}
          <strong>{consequence.label}</strong>
        </p>
        <p>{consequence.explanation}</p>
      </section>
      <section className="review-card" aria-labelledby="review-io">
        <h4 id="review-io">Inputs and outputs</h4>
        <p>Inputs: {manifest.inputs && manifest.inputs.length > 0 ? manifest.inputs.join(', ') : 'none'}</p>
        <p>Outputs: {manifest.outputs && manifest.outputs.length > 0 ? manifest.outputs.join(', ') : 'none'}</p>
      </section>
    </div>
  )
}
