/**
 * The embed worker's registration, started by a tiny classic script
 * (`embed-start.js`, async in embed.html's head) while the frame's module is
 * still being fetched, compiled and run. A docs page of sixteen examples
 * parses sixteen copies of React on one renderer thread before the first
 * frame's module runs; started from there, the worker's own fetch, compile,
 * install and activation came after all that. Started here, they overlap it.
 * The frame's module (workerLink.ts) still registers, waits and decides as
 * before: the same script and scope give the same registration, and any
 * refusal is its to report, so this one only starts, never fails.
 */

/** The worker script and its scope, beside this script (which sits beside embed.html under the site's base). */
export function earlyWorkerUrls(startScriptUrl: string): { script: string; scope: string } {
  return { script: new URL('embed-sw.js', startScriptUrl).href, scope: new URL('embed.html', startScriptUrl).href }
}

interface TrustedTypesLike {
  createPolicy(name: string, rules: { createScriptURL: (input: string) => string }): { createScriptURL(input: string): unknown }
}

/** The policy's name: embed.html's own default policy comes with its module, after this script has run. */
export const EARLY_POLICY = 'developer-sandbox-embed-worker'

export interface EarlyStartEnvironment {
  secure: boolean
  /** Reading `navigator.serviceWorker`, which throws where some engines block storage. */
  container: () => Pick<ServiceWorkerContainer, 'register' | 'controller'> | undefined
  trustedTypes?: TrustedTypesLike
}

/** Registers the worker unless it already controls this frame; resolves whatever the browser says. */
export async function registerEarly(startScriptUrl: string, environment: EarlyStartEnvironment): Promise<'started' | 'skipped'> {
  try {
    if (!environment.secure) return 'skipped'
    const container = environment.container()
    if (!container) return 'skipped'
    const { script, scope } = earlyWorkerUrls(startScriptUrl)
    if (container.controller?.scriptURL === script) return 'skipped'
    // Under `require-trusted-types-for 'script'` a script URL must be vouched for: this policy vouches for this one URL only.
    const policy = environment.trustedTypes?.createPolicy(EARLY_POLICY, {
      createScriptURL: (input) => {
        if (input !== script) throw new TypeError(`Failed to vouch for "${input}": only the embed worker is registered early`)
        return input
      },
    })
    const url = (policy ? policy.createScriptURL(script) : script) as string
    await container.register(url, { scope })
    return 'started'
  } catch {
    // The frame's module registers again and turns the same refusal into its in-page fallback and notice.
    return 'skipped'
  }
}
