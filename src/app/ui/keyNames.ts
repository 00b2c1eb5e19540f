/**
 * Key ids (`key_3f9a…`) are the API's; users know a key by its label and
 * its last four characters. These helpers name a key that way and rewrite
 * the ids an error message names, keeping each id for a tooltip.
 */

/** What a key is called on screen: `ci-bot (…abcd)`, or `…abcd` for a key without a label. */
export function keyDisplayName(key: { label?: string | undefined; lastFour: string }): string {
  const label = key.label?.trim()
  return label ? `${label} (…${key.lastFour})` : `…${key.lastFour}`
}

/** A piece of a message: text as is, or a key id with the name to show for it. */
export type MessagePart = string | { id: string; name: string }

const KEY_ID = /\bkey_[0-9a-f]{16}\b/g

/**
 * Splits `text` around the key ids it names, each known id paired with its
 * display name; an id `nameOf` does not know (a key of another workspace) stays as is.
 * @example nameKeyIds('key key_0123456789abcdef was revoked.', () => 'ci-bot (…abcd)')
 * // ['key ', { id: 'key_0123456789abcdef', name: 'ci-bot (…abcd)' }, ' was revoked.']
 */
export function nameKeyIds(text: string, nameOf: (id: string) => string | undefined): MessagePart[] {
  const parts: MessagePart[] = []
  let last = 0
  for (const match of text.matchAll(KEY_ID)) {
    const name = nameOf(match[0])
    if (name === undefined) continue
    if (match.index > last) parts.push(text.slice(last, match.index))
    parts.push({ id: match[0], name })
    last = match.index + match[0].length
  }
  if (last < text.length) parts.push(text.slice(last))
  return parts
}
