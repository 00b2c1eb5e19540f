import { hrefFor, SECTIONS, useSection } from './navigation.ts'

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
      </ul>
    </nav>
  )
}
