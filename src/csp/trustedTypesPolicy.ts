/**
 * The page's default Trusted Types policy, run before anything else on every
 * built page but the API reference (cspPlugin.ts puts it first). With
 * `require-trusted-types-for 'script'` every DOM sink that can run code
 * refuses a plain string unless a policy vouches for it. This one vouches
 * only for script URLs of this origin (the MSW worker, the editor's worker,
 * embed.js) and never for HTML or script text: an `innerHTML = string`
 * anywhere in the app throws instead of parsing. The editor builds its
 * widgets with DOM calls and needs no policy of its own.
 */
import { sameOriginScriptUrl, trustedTypesFactory } from './scriptUrlRule.ts'

trustedTypesFactory?.createPolicy('default', { createScriptURL: (input) => sameOriginScriptUrl(input) })
