import type { Plugin } from 'vite'
import { CONTENT_SECURITY_POLICIES, cspPageOf, serializePolicy } from './contentSecurityPolicy.ts'

const CHARSET = /<meta\s+charset=["']?utf-8["']?\s*\/?>/i
const FIRST_MODULE_SCRIPT = /<script type="module"/

/** Source of the default Trusted Types policy, bundled ahead of each page's own entry. */
const TRUSTED_TYPES_POLICY = '/src/csp/trustedTypesPolicy.ts'
/** The API reference's renderer writes markup strings, which its policy sanitises instead of refusing (decision 026). */
const SANITIZING_POLICY = '/src/csp/sanitizingTrustedTypesPolicy.ts'

function policyModule(file: string): string {
  return cspPageOf(file) === 'reference' ? SANITIZING_POLICY : TRUSTED_TYPES_POLICY
}

function failure(file: string, reason: string): Error {
  return new Error(`Failed to add a Content-Security-Policy to "${file}": ${reason}`)
}

/**
 * Puts each built page's Content-Security-Policy in a `<meta http-equiv>`
 * right after its charset, before any script or stylesheet it governs, and
 * makes the default Trusted Types policy the first module the page runs.
 * @note Build only: the dev server's HMR client and React refresh preamble
 * are inline scripts that `script-src 'self'` would block. A static host can
 * send the same text as a header (and add `frame-ancestors`, which a meta
 * element cannot carry).
 */
export function contentSecurityPolicy(): Plugin[] {
  return [
    {
      name: 'developer-sandbox:trusted-types-policy',
      apply: 'build',
      transformIndexHtml: {
        order: 'pre',
        handler(html, context) {
          if (!FIRST_MODULE_SCRIPT.test(html)) throw failure(context.filename, 'it has no module script to run the policy before')
          return html.replace(
            FIRST_MODULE_SCRIPT,
            (script) => `<script type="module" src="${policyModule(context.filename)}"></script>\n    ${script}`,
          )
        },
      },
    },
    {
      name: 'developer-sandbox:content-security-policy',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler(html, context) {
          const page = cspPageOf(context.filename)
          if (!page) throw failure(context.filename, 'no policy is defined for this page')
          if (!CHARSET.test(html)) throw failure(context.filename, 'no <meta charset> to put it after')
          const meta = `<meta http-equiv="Content-Security-Policy" content="${serializePolicy(CONTENT_SECURITY_POLICIES[page])}" />`
          return html.replace(CHARSET, (charset) => `${charset}\n    ${meta}`)
        },
      },
    },
  ]
}
