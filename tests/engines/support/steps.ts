/**
 * Steps the engine journeys share, named for what a user does, built only on
 * `EngineView`: what to find runs in the page, the click and the keys come
 * from the engine's own input.
 */
import type { EngineView } from './engine.ts'

/** How long a step waits for what it expects: engines driven over WebDriver are slow on a busy 2-core machine. */
const WAIT_MS = 30_000

/** Polls `fn` in the view until it gives a truthy value, and gives that value back. */
export async function waitFor<R, A extends unknown[]>(
  view: EngineView,
  what: string,
  fn: (...args: A) => R | Promise<R>,
  ...args: A
): Promise<NonNullable<Awaited<R>>> {
  const deadline = Date.now() + WAIT_MS
  let last: unknown
  for (;;) {
    try {
      const value = await view.evaluate(fn, ...args)
      if (value) return value as NonNullable<Awaited<R>>
      last = value
    } catch (error) {
      // A navigation or a frame being replaced throws while it happens; the next poll sees the new document.
      last = error
    }
    if (Date.now() > deadline) {
      const shown = await view.evaluate(() => document.body?.textContent?.replace(/\s+/g, ' ').slice(0, 400)).catch(String)
      throw new Error(`Failed to see ${what} within ${WAIT_MS / 1000} s (last: ${String(last)}). The view shows: ${shown}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * Waits until the element `selector` names has stood still for three polls (about 300 ms): frames around it
 * that are still loading resize and move it, and a click is aimed where the element stands when the driver
 * computes it (WebKitGTK's are aimed once), so a moving target takes the click somewhere else.
 */
export function waitUntilSteady(view: EngineView, what: string, selector: string): Promise<string> {
  return waitFor(
    view,
    `${what} to stand still`,
    (wanted: string) => {
      const box = document.querySelector(wanted)?.getBoundingClientRect()
      if (!box) return null
      const where = `${box.left},${box.top},${box.width},${box.height}`
      const holder = globalThis as unknown as { steadyBoxes?: Record<string, { where: string; polls: number }> }
      const seen = holder.steadyBoxes ?? {}
      holder.steadyBoxes = seen
      const before = seen[wanted]
      seen[wanted] = { where, polls: before?.where === where ? before.polls + 1 : 0 }
      return (seen[wanted]?.polls ?? 0) >= 3 ? where : null
    },
    selector,
  )
}

/** Marks the element a user would call `name` (its aria-label or its text) among `candidates`, and gives a selector for it. */
function markByName(candidates: string, name: string): string | null {
  const clean = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim()
  for (const element of Array.from(document.querySelectorAll<HTMLElement>(candidates))) {
    const label = element.getAttribute('aria-label') ?? clean(element.textContent)
    const usable = element.getClientRects().length > 0 && !(element as HTMLButtonElement).disabled
    if (label === name && usable) {
      const token = Math.random().toString(36).slice(2)
      element.setAttribute('data-engine-target', token)
      return `[data-engine-target="${token}"]`
    }
  }
  return null
}

/**
 * Brings an element to the middle of the view at once and waits two frames: a click is aimed where the
 * element stands when the driver computes it (WebKitGTK's are aimed once), so a panel still scrolling
 * itself into view, or a layout still settling, would take the click somewhere else.
 */
function settleInView(selector: string): Promise<boolean> {
  document.querySelector(selector)?.scrollIntoView({ block: 'center', behavior: 'instant' })
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))
}

/** Clicks the enabled, visible button (or link) a user would call `name`. */
export async function clickButton(view: EngineView, name: string): Promise<void> {
  const selector = await waitFor(view, `the button "${name}"`, markByName, 'button, [role="button"], a, [role="tab"]', name)
  await view.evaluate(settleInView, selector)
  await view.click(selector)
}

/** Clicks the navigation link of a playground section and waits for its heading. */
export async function goToSection(view: EngineView, label: string): Promise<void> {
  const selector = await waitFor(view, `the section link "${label}"`, markByName, 'nav[aria-label="Sections"] a', label)
  await view.click(selector)
  await waitFor(
    view,
    `the heading "${label}"`,
    (text: string) => Array.from(document.querySelectorAll('h2')).some((h) => h.textContent?.trim() === text),
    label,
  )
}

/**
 * Sets a form field found by its label text as a user's input would, through
 * the element's own value setter and an input event, so React sees the change.
 */
export async function fillField(view: EngineView, label: string, value: string): Promise<void> {
  await waitFor(
    view,
    `the field "${label}"`,
    (labelText: string, next: string) => {
      const field = Array.from(document.querySelectorAll('label')).find((candidate) =>
        Array.from(candidate.childNodes).some((node) => node.textContent?.trim() === labelText),
      )
      const control = (field?.querySelector('input, select, textarea') ??
        (field?.htmlFor ? document.getElementById(field.htmlFor) : null) ??
        document.querySelector(`[aria-label="${labelText}"]`)) as HTMLInputElement | HTMLSelectElement | null
      if (!control) return false
      const prototype = Object.getPrototypeOf(control) as object
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, next)
      control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }))
      return control.value === next
    },
    label,
    value,
  )
}

/** The text of the first element matching a selector, once there is one. */
export function textOf(view: EngineView, selector: string): Promise<string> {
  return waitFor(view, selector, (css: string) => document.querySelector(css)?.textContent ?? null, selector)
}

/** Waits until the element matching a selector has exactly `text` (or matches it, as a pattern's source). */
export function waitForText(view: EngineView, selector: string, text: string | RegExp): Promise<string> {
  const pattern = text instanceof RegExp ? text.source : null
  const exact = text instanceof RegExp ? null : text
  return waitFor(
    view,
    `${selector} to read ${String(text)}`,
    (css: string, source: string | null, wanted: string | null) => {
      const found = document.querySelector(css)?.textContent?.replace(/\s+/g, ' ').trim()
      if (found === undefined) return null
      return (source !== null ? new RegExp(source).test(found) : found === wanted) ? found : null
    },
    selector,
    pattern,
    exact,
  )
}
