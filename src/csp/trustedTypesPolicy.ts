/**
 * The page's default Trusted Types policy, run before anything else on every
 * built page but the API reference (cspPlugin.ts puts it first). With
 * `require-trusted-types-for 'script'` every DOM sink that can run code
 * refuses a plain string unless a policy vouches for it. This one vouches
 * only for script URLs of this origin (the MSW worker, Monaco's workers,
 * embed.js) and never for HTML or script text: an `innerHTML = string`
 * anywhere in the app throws instead of parsing. Monaco brings its own named
 * policies for the markup it renders itself.
 */
import { sameOriginScriptUrl, trustedTypesFactory } from './scriptUrlRule.ts'

trustedTypesFactory?.createPolicy('default', { createScriptURL: (input) => sameOriginScriptUrl(input) })
