/**
 * Where the Developer Sandbox site is served. Set VITE_SANDBOX_URL when
 * building for a deployed sandbox (e.g. https://sandbox.example.com/); the
 * default is the playground's `npm run preview` on this machine.
 */
export const DEFAULT_SANDBOX_URL = 'http://localhost:4173/'

/** The sandbox site's URL with a trailing slash, so page names resolve under it. */
export function sandboxUrlFrom(configured: string | undefined): string {
  const url = configured || DEFAULT_SANDBOX_URL
  return url.endsWith('/') ? url : `${url}/`
}
