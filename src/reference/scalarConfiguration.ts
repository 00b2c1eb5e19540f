/**
 * How the reference renderer is told to stay inside this page: the document
 * from this site, requests to this origin's API path (answered by the page's
 * service worker), no request proxy, no web fonts, no telemetry, and none of
 * the renderer's links out to hosted services (client app, AI agent, MCP,
 * developer toolbar).
 */
import type { createApiReference } from '@scalar/api-reference'
import { BASE_PATH } from '../api/core.ts'

/** The renderer's configuration, as its mount function takes it. */
export type ReferenceConfiguration = Parameters<typeof createApiReference>[1]

/** The security scheme name of the site's OpenAPI document (components.securitySchemes). */
export const SECURITY_SCHEME = 'bearerKey'

export interface ReferenceSetup {
  /** The site's base URL as the page sees it, e.g. `http://localhost:4173/` or `https://host/sandbox/`. */
  siteUrl: string
  /** The key "Try it" sends as a bearer token; undefined sends none. */
  key: string | undefined
  /** Where requests go instead of the network (the sandbox in the page, when no worker answers); the browser's fetch by default. */
  fetch?: typeof fetch
}

/**
 * With its token field empty the renderer still sends `Authorization: Bearer`,
 * which the API reads as a malformed key (key_invalid). "No key" should mean
 * no header, so the reader sees the 401 a client without a key gets (key_missing).
 */
export function dropEmptyBearer(headers: Headers): void {
  if (/^Bearer\s*$/i.test(headers.get('authorization') ?? 'x')) headers.delete('authorization')
}

/**
 * The key as the renderer shows it: its code examples print the token in full in some places and mask it in
 * others, so it only ever gets this stand-in, the way the playground names a key (in ASCII dots: the
 * stand-in travels in a header until `withKey` swaps the real key in as the request leaves).
 */
export function shownKey(key: string): string {
  return `svc_test_...${key.slice(-4)}`
}

/** Puts the real key in place of its stand-in; a token the reader typed into the renderer is sent as typed. */
export function withKey(headers: Headers, key: string | undefined): void {
  if (key && headers.get('authorization') === `Bearer ${shownKey(key)}`) headers.set('authorization', `Bearer ${key}`)
}

export function scalarConfiguration({ siteUrl, key, fetch }: ReferenceSetup): ReferenceConfiguration {
  return {
    ...(fetch ? { customFetch: fetch } : {}),
    url: new URL('openapi.json', siteUrl).href,
    title: 'Developer Sandbox API',
    // Only this origin, at its root where the API lives even when the site sits under a sub-path. The document's other server ({origin}/…) would point "Try it" at a port nothing listens on.
    servers: [{ url: new URL(BASE_PATH, siteUrl).href, description: 'This page: answered by the sandbox in this tab.' }],
    authentication: {
      preferredSecurityScheme: SECURITY_SCHEME,
      securitySchemes: { [SECURITY_SCHEME]: { token: key ? shownKey(key) : '' } },
    },
    // No proxy: the page's own service worker answers, and a proxy would send the reader's key off the machine.
    proxyUrl: '',
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: true,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    mcp: { disabled: true },
    documentDownloadType: 'json',
    persistAuth: false,
    onRequestBuilt: ({ request }) => {
      dropEmptyBearer(request.headers)
      withKey(request.headers, key)
    },
    hideDarkModeToggle: false,
  }
}
