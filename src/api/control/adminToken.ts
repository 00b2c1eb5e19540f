const encoder = new TextEncoder()

/** The token of an `Authorization: Bearer <token>` header; null when the header is absent or names another scheme. */
export function bearerToken(header: string | null): string | null {
  const match = header === null ? null : /^Bearer +(\S+) *$/i.exec(header)
  return match?.[1] ?? null
}

/**
 * Compares a presented token with the expected one in time that depends only
 * on the expected token's length, so timing tells nothing of how much of a
 * guess was right. Written over UTF-8 bytes, without node:crypto, for every host.
 */
export function tokenMatches(presented: string, expected: string): boolean {
  const given = encoder.encode(presented)
  const wanted = encoder.encode(expected)
  let difference = given.length ^ wanted.length
  for (let index = 0; index < wanted.length; index++) difference |= (given[index] ?? 0) ^ (wanted[index] as number)
  return difference === 0 && wanted.length > 0
}
