import type { PreviewDisplay } from './previewBody.ts'

/** Every column as the reviewer must check it: name, type, section, unit and options. */
export function ColumnSpec({ display }: { display: PreviewDisplay }) {
  return (
    <table className="column-spec">
      <caption>Columns ({display.columns.length})</caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Name</th>
          <th scope="col">Type</th>
          <th scope="col">Section</th>
          <th scope="col">Unit</th>
          <th scope="col">Options</th>
        </tr>
      </thead>
      <tbody>
        {display.columns.map((column) => (
          <tr key={column.index}>
            <td>{column.index}</td>
            <td>
              {column.name}
              {column.primary ? <span className="tag">primary</span> : null}
            </td>
            <td>
              <code>{column.type}</code>
            </td>
            <td>{column.section ?? '—'}</td>
            <td>{column.unit ?? '—'}</td>
            <td>{column.options ? column.options.join(', ') : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
