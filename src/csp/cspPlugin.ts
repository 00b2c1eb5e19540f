import type { Plugin } from 'vite'
import { CONTENT_SECURITY_POLICIES, cspPageOf, serializePolicy } from './contentSecurityPolicy.ts'

const CHARSET = /<meta\s+charset=["']?utf-8["']?\s*\/?>/i

/**
 * Puts each built page's Content-Security-Policy in a `<meta http-equiv>`
 * right after its charset, before any script or stylesheet it governs.
 * @note Build only: the dev server's HMR client and React refresh preamble
 * are inline scripts that `script-src 'self'` would block. A static host can
 * send the same text as a header (and add `frame-ancestors`, which a meta
 * element cannot carry).
 */
export function contentSecurityPolicy(): Plugin {
  return {
    name: 'developer-sandbox:content-security-policy',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const page = cspPageOf(context.filename)
        if (!page) throw new Error(`Failed to add a Content-Security-Policy to "${context.filename}": no policy is defined for this page`)
        if (!CHARSET.test(html))
          throw new Error(`Failed to add a Content-Security-Policy to "${context.filename}": no <meta charset> to put it after`)
        const meta = `<meta http-equiv="Content-Security-Policy" content="${serializePolicy(CONTENT_SECURITY_POLICIES[page])}" />`
        return html.replace(CHARSET, (charset) => `${charset}\n    ${meta}`)
      },
    },
  }
}
