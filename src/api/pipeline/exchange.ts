/**
 * The pipeline's own request and answer: the few members of a Fetch
 * `Request` it reads, and a plain status, headers and body. A Fetch Request
 * is an `ApiRequest` as it is; a host with its own request objects (node:http)
 * supplies the same members and writes the answer itself, skipping the cost
 * of building a Fetch Request and Response and streaming their bodies.
 */
export interface ApiRequest {
  readonly method: string
  /** The absolute URL. */
  readonly url: string
  readonly headers: {
    get(name: string): string | null
    /** Every header, for the request journal; a host without it journals none. Fetch `Headers` has it. */
    forEach?(callback: (value: string, name: string) => void): void
  }
  /**
   * The body as sent, or null when there is none. Undefined where the engine has no
   * `Request.body` (Firefox): the body is then read whole through `arrayBuffer`.
   */
  readonly body: ReadableStream<Uint8Array> | null | undefined
  arrayBuffer?(): Promise<ArrayBuffer>
}

export interface ApiAnswer {
  status: number
  headers: Record<string, string>
  /** The JSON text, or null (the answer to a HEAD). */
  body: string | null
}

/** The answer as a Fetch Response. */
export function toFetchResponse(answer: ApiAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers })
}
