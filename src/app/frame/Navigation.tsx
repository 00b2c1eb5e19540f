import { useEffect, useRef } from 'react'
import { hrefFor, SECTIONS, useSection } from '../state/navigation.ts'
import { servesTabPages } from '../state/runtime/runtimeStore.ts'
import { useStripOverflow } from './stripOverflow.ts'

/** The section list; links, so they work with the keyboard, middle-click and the back button. */
export function Navigation() {
  const current = useSection()
  const strip = useRef<HTMLUListElement>(null)
  // A fade and an arrow at an end of the strip say that more lies past it.
  const more = useStripOverflow(strip)
  // On a phone the list is a strip that scrolls sideways: whichever way a section was opened (a link,
  // the address, a button elsewhere), its name is brought into the strip's view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect reads the current link from the DOM; it runs when the section changes
  useEffect(() => {
    const list = strip.current
    const link = list?.querySelector<HTMLElement>('a[aria-current="page"]')
    if (!list || !link || list.scrollWidth <= list.clientWidth) return
    const start = link.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft
    list.scrollTo({ left: Math.max(0, start - (list.clientWidth - link.offsetWidth) / 2) })
  }, [current])
  return (
    <nav
      className="app-nav"
      aria-label="Sections"
      data-more-start={more.start ? '' : undefined}
      data-more-end={more.end ? '' : undefined}
      data-testid="section-strip"
    >
      <ul ref={strip}>
        {SECTIONS.map((section) => (
          <li key={section.id}>
            <a href={hrefFor(section.id)} aria-current={section.id === current ? 'page' : undefined}>
              {section.label}
            </a>
          </li>
        ))}
        {servesTabPages() ? (
          // data-tab-only: public/prepaint.js removes it from the prerendered frame of a page another host served.
          <li data-tab-only="">
            {/* A page of the same site (relative to the base), where docs authors copy live examples; it runs a sandbox in the tab. */}
            <a href="gallery.html" className="app-nav-external">
              Docs embeds gallery
            </a>
          </li>
        ) : null}
        <li>
          {/* The API's description for tools (Postman, Scalar, code generators), served next to the page by every host. */}
          <a href="openapi.json" className="app-nav-external" type="application/json">
            OpenAPI document
          </a>
        </li>
      </ul>
      <span className="app-nav-more app-nav-more-start" aria-hidden="true">
        ‹
      </span>
      <span className="app-nav-more app-nav-more-end" aria-hidden="true">
        ›
      </span>
    </nav>
  )
}
