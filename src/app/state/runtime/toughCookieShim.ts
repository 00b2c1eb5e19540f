/**
 * Stands in for `tough-cookie` in the browser build.
 *
 * @note msw emulates `document.cookie` for mocked responses with tough-cookie
 * and tldts (about 60 KB gzip, a fifth of the page's start-up JavaScript). The
 * sandbox API neither sets nor reads cookies (keys travel in Authorization),
 * so the jar can stay empty: no cookie is ever stored, and requests carry only
 * the browser's own cookies. Only the members msw calls exist here.
 */
interface SerializedCookie {
  key?: string
  domain?: string | null
  path?: string | null
}

export class Cookie {
  key = ''
  domain: string | null = null
  path: string | null = null
  static fromJSON(_value: unknown): Cookie | null {
    return null
  }
  toJSON(): SerializedCookie {
    return { key: this.key, domain: this.domain, path: this.path }
  }
}

export class MemoryCookieStore {
  idx: Record<string, Record<string, Record<string, Cookie>>> = {}
}

export class CookieJar {
  getCookiesSync(_url: string): Cookie[] {
    return []
  }
  async setCookie(_cookie: string, _url: string): Promise<void> {}
}
