/**
 * JSON Pointers (RFC 6901) as the API reports them: into the request body, so
 * every manifest pointer starts with `/manifest`. The editor holds only the
 * manifest, so the prefix is stripped before a pointer is looked up.
 */

/** The pointer prefix of the manifest inside a tool request body. */
export const BODY_MANIFEST_PREFIX = '/manifest'

/** Splits a pointer into unescaped tokens: `~1` is `/`, `~0` is `~` (in that order, per RFC 6901). */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return []
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
}

/** Joins path segments into a pointer, escaping `~` and `/`. */
export function formatPointer(path: readonly (string | number)[]): string {
  return path.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')
}

/**
 * A body pointer as a pointer into the manifest, or null when it points
 * elsewhere in the body (which a manifest editor cannot show).
 * @example manifestPointer('/manifest/display/icon') // '/display/icon'
 */
export function manifestPointer(bodyPointer: string): string | null {
  if (bodyPointer === BODY_MANIFEST_PREFIX) return ''
  if (bodyPointer.startsWith(`${BODY_MANIFEST_PREFIX}/`)) return bodyPointer.slice(BODY_MANIFEST_PREFIX.length)
  return null
}

/** How a pointer reads in the problems list: the root is "the manifest". */
export function displayPointer(pointer: string): string {
  return pointer === '' ? '(the manifest)' : pointer
}
