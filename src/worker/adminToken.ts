/**
 * The admin token check, in constant time with Web Crypto only (no
 * node:crypto in workerd): both sides are hashed to 32 bytes, so the
 * comparison takes as long whatever the token's length or first wrong byte.
 */
const encoder = new TextEncoder()

const digest = async (text: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)))

/** The token a request presents as `Authorization: Bearer <token>` (the scheme in any case, as RFC 9110 has it, and as the control API reads it), or '' when it presents none. */
export function presentedToken(request: Request): string {
  return request.headers.get('authorization')?.match(/^Bearer +(\S+) *$/i)?.[1] ?? ''
}

export async function tokenMatches(presented: string, expected: string): Promise<boolean> {
  const [given, wanted] = await Promise.all([digest(presented), digest(expected)])
  let difference = presented.length === 0 ? 1 : 0
  for (let index = 0; index < wanted.length; index++) difference |= (given[index] ?? 0) ^ (wanted[index] ?? 0)
  return difference === 0
}
