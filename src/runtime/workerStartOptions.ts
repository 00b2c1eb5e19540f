/**
 * How every page of the site starts its MSW worker. Type-only import: the
 * embed must not load msw before it knows storage works (msw touches
 * localStorage when its module is evaluated).
 */
import type { StartOptions } from 'msw/browser'

/** The worker script's URL under the site's base, beside the pages, so a sub-path deployment finds it. */
export function workerScriptUrl(): string {
  return `${import.meta.env.BASE_URL}mockServiceWorker.js`
}

export function workerStartOptions(): StartOptions {
  return {
    serviceWorker: { url: workerScriptUrl() },
    // Everything that is not the API (the page's own scripts and styles) goes to the network untouched.
    onUnhandledFrame: 'bypass',
    // MSW would log every request to the console: the playground's request console shows them instead,
    // and an embed on someone else's docs page must not fill theirs.
    quiet: true,
  }
}
