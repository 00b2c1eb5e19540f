import { hrefFor, SECTIONS, useSection } from '../state/navigation.ts'

/** The section list; links, so they work with the keyboard, middle-click and the back button. */
export function Navigation() {
  const current = useSection()
  return (
    <nav className="app-nav" aria-label="Sections">
      <ul>
        {SECTIONS.map((section) => (
          <li key={section.id}>
            <a href={hrefFor(section.id)} aria-current={section.id === current ? 'page' : undefined}>
              {section.label}
            </a>
          </li>
        ))}
        <li>
          {/* A page of the same site (relative to the base), where docs authors copy live examples. */}
          <a href="gallery.html" className="app-nav-external">
            Docs embeds gallery
          </a>
        </li>
        <li>
          {/* The API's description for tools (Postman, Scalar, code generators), served next to the page. */}
          <a href="openapi.json" className="app-nav-external" type="application/json">
            OpenAPI document
          </a>
        </li>
      </ul>
    </nav>
  )
}
