/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_KEY?: string
  readonly VITE_API_ORIGIN?: string
  /** `off` in the build whose API the Playwright network fixture answers (`.env.network`). */
  readonly VITE_API_MOCKING?: string
}
