/**
 * The few things a journey asks of a browser, whichever engine runs it and
 * whichever library drives that engine: open pages, run a function in a page
 * or a frame, click and type as a user does. Journeys are written once
 * against this; chromiumEngine.ts, firefoxEngine.ts and webkitEngine.ts each
 * carry it to one engine (docs/decisions/042-three-engines.md).
 */
export const ENGINE_NAMES = ['chromium', 'firefox', 'webkit'] as const
export type EngineName = (typeof ENGINE_NAMES)[number]

/** A page, or a frame inside one: where functions run and clicks land. */
export interface EngineView {
  /**
   * Runs `fn` in the view and gives back its result (JSON-serialisable). `fn` travels as its source
   * text, so it may use only its arguments and the page's own globals, never the test's variables.
   */
  evaluate<R, A extends unknown[]>(fn: (...args: A) => R | Promise<R>, ...args: A): Promise<Awaited<R>>
  /** A real pointer click on the first element matching a CSS selector. */
  click(selector: string): Promise<void>
  /** The view inside the iframe matching a CSS selector. */
  frame(selector: string): Promise<EngineView>
}

export interface EnginePage extends EngineView {
  goto(url: string): Promise<void>
  /** Types into the focused element through the engine's keyboard, `delayMs` between keys. */
  type(text: string, delayMs: number): Promise<void>
  /** Presses a chord such as `Control+.` or `Enter`: modifiers held down while the last key is pressed. */
  press(chord: string): Promise<void>
  close(): Promise<void>
}

/** Pages sharing storage and service workers, as the tabs of one browser profile do. */
export interface EngineContext {
  newPage(): Promise<EnginePage>
  close(): Promise<void>
}

export interface Engine {
  readonly name: EngineName
  /** The browser's own name and version, for the report. */
  readonly version: string
  /** A fresh profile: no storage, no service worker from an earlier context. */
  newContext(): Promise<EngineContext>
  close(): Promise<void>
}

/** The modifiers a chord may hold, then its key. */
export function splitChord(chord: string): { modifiers: string[]; key: string } {
  const parts = chord.split('+')
  const key = parts.pop()
  if (!key) throw new Error(`Failed to read the chord "${chord}": it names no key.`)
  return { modifiers: parts, key }
}
