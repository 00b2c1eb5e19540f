/** Entry of `embed-start.js` (built by src/build/embedServiceWorker.ts): see earlyRegistration.ts. */
import { registerEarly } from './earlyRegistration.ts'

const source = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : ''
if (source)
  void registerEarly(source, {
    secure: window.isSecureContext,
    container: () => navigator.serviceWorker,
    trustedTypes: (globalThis as { trustedTypes?: Parameters<typeof registerEarly>[1]['trustedTypes'] }).trustedTypes,
  })
