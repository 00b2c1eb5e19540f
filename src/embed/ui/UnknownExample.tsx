/** What an embed shows for an id that is not in the catalogue; the id is echoed as text only. */
export function UnknownExample({ id }: { id: string | null }) {
  return (
    <main className="embed" aria-labelledby="embed-title">
      <h1 id="embed-title">Unknown example</h1>
      <p className="explanation">
        {id === null ? 'This embed needs ?example=<id> in its address.' : `There is no example "${id.slice(0, 80)}".`}{' '}
        {/* The gallery lives beside embed.html on the site that serves both. */}
        <a href="gallery.html">The gallery lists every example id</a>, each with the snippet that embeds it.
      </p>
    </main>
  )
}
