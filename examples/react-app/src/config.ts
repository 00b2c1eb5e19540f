/** The app's configuration, read from Vite's env (`.env`). */
export const API_KEY: string = import.meta.env.VITE_API_KEY ?? ''
/** Where the API lives: the page's own origin, where MSW answers in development and tests. */
export const API_ORIGIN: string = import.meta.env.VITE_API_ORIGIN ?? globalThis.location.origin
