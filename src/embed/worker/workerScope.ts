/**
 * The few service-worker types the embed worker uses. The project compiles
 * against the DOM library, whose global scope is a window's; declaring these
 * here avoids a second program just for one file.
 */
export interface WorkerClient {
  id: string
}

export interface ExtendableEventLike {
  waitUntil(work: Promise<unknown>): void
}

export interface FetchEventLike extends ExtendableEventLike {
  request: Request
  clientId: string
  respondWith(response: Promise<Response> | Response): void
}

export interface ExtendableMessageEventLike extends ExtendableEventLike {
  data: unknown
  ports: readonly MessagePort[]
  source: WorkerClient | null
}

export interface EmbedWorkerScope {
  location: Location
  clients: {
    claim(): Promise<void>
    matchAll(options: { includeUncontrolled: boolean; type: 'window' }): Promise<readonly WorkerClient[]>
  }
  skipWaiting(): Promise<void>
  addEventListener(type: 'install', listener: (event: ExtendableEventLike) => void): void
  addEventListener(type: 'activate', listener: (event: ExtendableEventLike) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void
  addEventListener(type: 'message', listener: (event: ExtendableMessageEventLike) => void): void
}
