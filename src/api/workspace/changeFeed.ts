/** What changed in the workspace; other tabs refresh their views on it. */
export type WorkspaceChange = { type: 'keys' } | { type: 'reset' } | { type: 'import' }

type Listener = (change: WorkspaceChange) => void

/**
 * Tells listeners in this instance and in every other instance over the same
 * database (other tabs) that the workspace changed, through a BroadcastChannel.
 */
export class ChangeFeed {
  readonly #listeners = new Set<Listener>()
  readonly #name: string
  #channel: BroadcastChannel | undefined

  constructor(databaseName: string) {
    this.#name = `developer-sandbox:${databaseName}`
  }

  #open(): BroadcastChannel | undefined {
    if (this.#channel || typeof BroadcastChannel === 'undefined') return this.#channel
    const channel = new BroadcastChannel(this.#name)
    channel.onmessage = (event: MessageEvent<WorkspaceChange>) => this.#deliver(event.data)
    // In Node an open channel would keep the process alive after the tests end.
    ;(channel as { unref?: () => void }).unref?.()
    this.#channel = channel
    return channel
  }

  #deliver(change: WorkspaceChange): void {
    for (const listener of this.#listeners) listener(change)
  }

  publish(change: WorkspaceChange): void {
    this.#deliver(change)
    this.#open()?.postMessage(change)
  }

  subscribe(listener: Listener): () => void {
    this.#open()
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  close(): void {
    this.#listeners.clear()
    this.#channel?.close()
    this.#channel = undefined
  }
}
