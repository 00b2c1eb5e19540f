import { useEffect, useRef } from 'react'
import { hrefFor, SECTIONS, useSection } from '../state/navigation.ts'

/** The section list; links, so they work with the keyboard, middle-click and the back button. */
export function Navigation() {
  const current = useSection()
  const strip = useRef<HTMLElement>(null)
  // On a phone the list is a strip that scrolls sideways: whichever way a section was opened (a link,
  // the address, a button elsewhere), its name is brought into the strip's view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect reads the current link from the DOM; it runs when the section changes
  useEffect(() => {
    const nav = strip.current
    const link = nav?.querySelector<HTMLElement>('a[aria-current="page"]')
    if (!nav || !link || nav.scrollWidth <= nav.clientWidth) return
    const start = link.getBoundingClientRect().left - nav.getBoundingClientRect().left + nav.scrollLeft
    nav.scrollTo({ left: Math.max(0, start - (nav.clientWidth - link.offsetWidth) / 2) })
  }, [current])
  return (
    <nav className="app-nav" aria-label="Sections" ref={strip}>
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
