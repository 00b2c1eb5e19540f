/**
 * The manifest travels in the URL's query (`?manifest=`), compressed with
 * lz-string into URL-safe characters, so a link opens the same text for
 * someone else. The query, not the hash: the frame routes with the hash.
 */
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string'

export const SHARE_PARAM = 'manifest'
/** The section the frame shows for `#/editor`. */
export const EDITOR_HASH = '#/editor'

/** The text carried by a URL, or null when it carries none (or a damaged one). */
export function readSharedManifest(url: string | URL): string | null {
  const encoded = new URL(url).searchParams.get(SHARE_PARAM)
  if (!encoded) return null
  // lz-string answers null or '' for input it cannot decode, rather than throwing.
  const text = decompressFromEncodedURIComponent(encoded)
  return text ? text : null
}

/** The URL that opens the editor on this text, based on the current page's URL. */
export function shareUrl(text: string, from: string | URL): string {
  const url = new URL(from)
  url.searchParams.set(SHARE_PARAM, compressToEncodedURIComponent(text))
  url.hash = EDITOR_HASH
  return url.toString()
}

/** Puts the text in the address bar without a navigation, so reload and bookmarks keep it. */
export function replaceAddress(text: string): void {
  const next = shareUrl(text, location.href)
  // Keep whatever section the frame shows right now; only the query changes.
  const url = new URL(next)
  url.hash = location.hash
  if (url.toString() !== location.href) history.replaceState(history.state, '', url)
}
