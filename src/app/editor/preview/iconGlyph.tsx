/**
 * A drawn glyph for the common icon names a manifest uses (SF Symbols-like
 * dotted names: `book.open`, `checkmark.circle`), or a neutral symbol for
 * any other name. Paths are drawn here, in code: a manifest never makes the
 * page load an image, and the page loads nothing from the network.
 */
import type { ReactNode } from 'react'

const GLYPHS: Record<string, ReactNode> = {
  book: (
    <>
      <path d="M12 6.5C10 5 7 4.5 4 5v13c3-.5 6 0 8 1.5 2-1.5 5-2 8-1.5V5c-3-.5-6 0-8 1.5Z" />
      <path d="M12 6.5v13" />
    </>
  ),
  calendar: (
    <>
      <rect x="4" y="5.5" width="16" height="14" rx="2" />
      <path d="M4 10h16M8.5 3.5v4M15.5 3.5v4" />
    </>
  ),
  timer: (
    <>
      <circle cx="12" cy="13" r="7" />
      <path d="M12 13V9.5M10 3.5h4M18 6.5l1.5-1.5" />
    </>
  ),
  check: (
    <>
      <circle cx="12" cy="12" r="8" />
      <path d="m8.5 12.2 2.4 2.4 4.8-5" />
    </>
  ),
  list: (
    <>
      <path d="M9.5 7h10M9.5 12h10M9.5 17h10" />
      <path d="m4 7 1.2 1.2L7.2 6M4 12l1.2 1.2 2-2.2M4 17l1.2 1.2 2-2.2" />
    </>
  ),
  star: <path d="m12 4 2.4 5 5.4.6-4 3.7 1.1 5.4L12 16l-4.9 2.7 1.1-5.4-4-3.7 5.4-.6Z" />,
  heart: <path d="M12 19s-7-4.3-7-9.2A3.8 3.8 0 0 1 12 7.6a3.8 3.8 0 0 1 7 2.2C19 14.7 12 19 12 19Z" />,
  flame: (
    <path d="M12 20c-3.3 0-5.5-2.3-5.5-5.3 0-3.7 3.5-5.2 3.5-9.2 2.7 1.5 4 3.8 4 6 1-.6 1.6-1.6 1.8-2.8 1.5 1.5 1.7 3.5 1.7 5 0 3.2-2.2 6.3-5.5 6.3Z" />
  ),
  drop: <path d="M12 4s-6 6.5-6 10.5a6 6 0 0 0 12 0C18 10.5 12 4 12 4Z" />,
  leaf: (
    <>
      <path d="M5 19c0-8 5-13 14-14 0 9-5 14-12 14Z" />
      <path d="M5 19c3-4 6-7 9-9" />
    </>
  ),
  moon: <path d="M18.5 14.5A7 7 0 0 1 9.5 5.5a7 7 0 1 0 9 9Z" />,
  bolt: <path d="M13 3.5 6 13.5h5l-1 7 7-10h-5l1-7Z" />,
  music: (
    <>
      <path d="M9.5 17.5V6l9-2v11.5" />
      <circle cx="7.5" cy="17.5" r="2" />
      <circle cx="16.5" cy="15.5" r="2" />
    </>
  ),
  cup: (
    <>
      <path d="M5 8h11v6a4 4 0 0 1-4 4H9a4 4 0 0 1-4-4V8Z" />
      <path d="M16 10h1.5a2 2 0 0 1 0 4H16M8 3.5v2M11 3.5v2" />
    </>
  ),
  person: (
    <>
      <circle cx="12" cy="8.5" r="3.5" />
      <path d="M5 19.5c.8-3.5 3.6-5.5 7-5.5s6.2 2 7 5.5" />
    </>
  ),
}

/** Words of an icon name → the glyph drawn for them; the first word of the name that matches wins. */
const WORDS: Record<string, keyof typeof GLYPHS> = {
  book: 'book',
  books: 'book',
  reading: 'book',
  calendar: 'calendar',
  date: 'calendar',
  timer: 'timer',
  clock: 'timer',
  stopwatch: 'timer',
  alarm: 'timer',
  hourglass: 'timer',
  checkmark: 'check',
  check: 'check',
  done: 'check',
  checklist: 'list',
  list: 'list',
  tasks: 'list',
  star: 'star',
  heart: 'heart',
  flame: 'flame',
  fire: 'flame',
  drop: 'drop',
  water: 'drop',
  leaf: 'leaf',
  plant: 'leaf',
  moon: 'moon',
  sleep: 'moon',
  bolt: 'bolt',
  music: 'music',
  cup: 'cup',
  coffee: 'cup',
  person: 'person',
  figure: 'person',
}

/** The glyph an icon name gets, or null for the neutral symbol. */
export function glyphFor(icon: string): keyof typeof GLYPHS | null {
  for (const word of icon.toLowerCase().split(/[.-]/)) {
    const glyph = WORDS[word]
    if (glyph) return glyph
  }
  return null
}

/** The icon as a small drawing in the accent's foreground colour. */
export function IconGlyph({ icon }: { icon: string }) {
  const glyph = glyphFor(icon)
  return (
    <svg
      className="mock-icon-glyph"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      data-glyph={glyph ?? 'neutral'}
    >
      {glyph ? (
        GLYPHS[glyph]
      ) : (
        // Neutral: four rounded tiles, an "app" with no particular meaning.
        <>
          <rect x="5" y="5" width="6" height="6" rx="1.5" />
          <rect x="13" y="5" width="6" height="6" rx="1.5" />
          <rect x="5" y="13" width="6" height="6" rx="1.5" />
          <rect x="13" y="13" width="6" height="6" rx="1.5" />
        </>
      )}
    </svg>
  )
}
