/**
 * The one rule every page's default Trusted Types policy shares: a script URL
 * passes only if it is of this origin (the MSW worker, Monaco's workers,
 * embed.js, lazy chunks).
 */
export function sameOriginScriptUrl(input: string, base: string = document.baseURI, origin: string = location.origin): string {
  const url = new URL(input, base)
  if (url.origin !== origin) throw new TypeError(`Failed to load the script "${url.href}": only this site's scripts may run here`)
  return url.href
}

export interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScriptURL?: (input: string) => string; createHTML?: (input: string) => string }): unknown
}

/** The browser's Trusted Types factory, where there is one. */
export const trustedTypesFactory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes
