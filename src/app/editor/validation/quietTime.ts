/**
 * When a check of the text goes out. Typing is waited out, so a burst of
 * keystrokes costs one check; a text nobody is typing (the one the panel
 * opens with, or the same text asked again with another key) is checked at
 * once, so the first answer does not wait for quiet that is already there.
 */

/** Quiet time after the last keystroke before the text is checked (the API's verdict and the editor's markers alike). */
export const QUIET_MS = 300

/** Milliseconds to wait before checking `text`, given the text checked last (undefined: none yet). */
export function checkDelay(lastChecked: string | undefined, text: string): number {
  return lastChecked === undefined || lastChecked === text ? 0 : QUIET_MS
}
