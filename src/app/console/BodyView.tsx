/** A response body, pretty-printed when it is JSON; scrollable and reachable by keyboard. */
export function BodyView({ text, label }: { text: string; label: string }) {
  let pretty = text
  try {
    pretty = text ? JSON.stringify(JSON.parse(text), null, 2) : '(empty body)'
  } catch {
    // Not JSON: shown as sent.
  }
  return (
    <section className="body-frame" aria-label={label}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard */}
      <pre className="body-view" tabIndex={0} data-testid="response-body">
        {pretty}
      </pre>
    </section>
  )
}
