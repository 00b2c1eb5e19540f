/**
 * The Content-Security-Policy of each built page. Everything starts from
 * `default-src 'none'` and opens only what the page is seen to need; the
 * reasons are in docs/reliability.md. No page gets 'unsafe-eval' (the API
 * validators are compiled at build time) and no page may talk to, load from
 * or submit to another origin.
 */

/** The pages of the site build, by their HTML file. */
export const CSP_PAGES = {
  'index.html': 'playground',
  'embed.html': 'embed',
  'gallery.html': 'gallery',
  'reference.html': 'reference',
} as const

export type CspPage = (typeof CSP_PAGES)[keyof typeof CSP_PAGES]

export type Directives = Readonly<Record<string, readonly string[]>>

/** What every page shares: nothing by default, own-origin scripts and fetches only, no plugins, no <base>, no form posts. */
const COMMON: Directives = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'connect-src': ["'self'"],
  // The favicon is `data:,`; the editor draws its marker underlines as small data: SVG images.
  'img-src': ['data:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  // DOM sinks that can run code take no plain strings; trustedTypesPolicy.ts vouches for own-origin script URLs only.
  'require-trusted-types-for': ["'script'"],
}

export const CONTENT_SECURITY_POLICIES: Readonly<Record<CspPage, Directives>> = {
  // The MSW service worker and Monaco's two workers come from this origin, and so
  // does its codicon font. Monaco writes <style> elements and style="" attributes
  // as it renders, so this page needs 'unsafe-inline' for styles (never for scripts).
  playground: {
    ...COMMON,
    'style-src': ["'self'", "'unsafe-inline'"],
    'font-src': ["'self'"],
    'worker-src': ["'self'"],
  },
  // The embed registers the MSW worker; it has no editor, so no inline styles.
  embed: {
    ...COMMON,
    'style-src': ["'self'"],
    'worker-src': ["'self'"],
  },
  // The gallery runs no sandbox itself: it frames embed.html from this origin.
  gallery: {
    ...COMMON,
    'style-src': ["'self'"],
    'frame-src': ["'self'"],
  },
  // The API reference registers the MSW worker like the embed. Its renderer (Scalar, a Vue app) writes
  // <style> elements for its theme and style="" attributes as it renders, so, as on the playground, styles
  // may be inline here (never scripts); decision 026 says why no stricter option works.
  reference: {
    ...COMMON,
    'style-src': ["'self'", "'unsafe-inline'"],
    'worker-src': ["'self'"],
  },
}

/** The policy of one page as the text of its header or meta element. */
export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ')
}

/** The page kind of a built HTML file, by its name; undefined for a page this module does not know. */
export function cspPageOf(htmlPath: string): CspPage | undefined {
  const file = htmlPath.split(/[\\/]/).pop() ?? ''
  return file in CSP_PAGES ? CSP_PAGES[file as keyof typeof CSP_PAGES] : undefined
}
