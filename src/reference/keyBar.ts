/**
 * The bar above the reference that picks the key "Try it" sends: a key of
 * the workspace this browser holds the secret of, a fresh key made on the
 * spot, or no key at all (to see the 401). Plain DOM and text only: nothing
 * here is parsed as markup.
 */
import { SCOPES, type Workspace } from '../api/core.ts'
import { readRememberedKeys } from '../app/state/keys/rememberedKeys.ts'
import { type KeyChoice, keyChoices } from './keyChoices.ts'

/** Keys made here belong to this app, so the playground's key table tells them apart. */
export const REFERENCE_APP = 'api-reference'

export interface KeyBarOptions {
  workspace: Workspace
  /** Told the plaintext to send whenever the choice changes; undefined for "no key". */
  onKey: (key: string | undefined) => void
  /** Why requests are answered in the page rather than through the service worker, when they are. */
  inPage?: string | undefined
  /** The browser keeps no storage here: the workspace lives as long as the page. */
  inMemory?: boolean
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  properties: Partial<HTMLElementTagNameMap[K]> = {},
): HTMLElementTagNameMap[K] {
  return Object.assign(document.createElement(tag), properties)
}

const NO_KEY = ''

/** Fills `container` with the key picker; resolves once the workspace's keys are listed. */
export async function mountKeyBar(container: HTMLElement, { workspace, onKey, inPage, inMemory }: KeyBarOptions): Promise<void> {
  // Secrets of keys issued on this page: in memory only, gone with the page, as in the playground's tabs.
  const madeHere: Record<string, string> = {}
  let choices: KeyChoice[] = []
  const select = element('select', { id: 'reference-key', name: 'key' })
  const label = element('label', { htmlFor: select.id, textContent: 'Key for Try it' })
  const fresh = element('button', { type: 'button', className: 'reference-fresh', textContent: 'Make a fresh key here' })
  const note = element('p', { className: 'reference-note' })
  const status = element('p', { className: 'reference-status', role: 'status' })

  const announce = () => {
    const chosen = choices.find((choice) => choice.id === select.value)
    onKey(chosen?.key)
    status.textContent = chosen
      ? `Try it sends ${chosen.name} as its bearer token.`
      : 'Try it sends no key: the sandbox answers 401. Pick or make a key to get real answers.'
  }

  async function refresh(selectId: string): Promise<void> {
    const listed = keyChoices(await workspace.listKeys(), { ...readRememberedKeys(), ...madeHere })
    choices = listed.choices
    select.replaceChildren(
      element('option', { value: NO_KEY, textContent: 'No key (answers 401)' }),
      ...choices.map((choice) => element('option', { value: choice.id, textContent: choice.name })),
    )
    select.value = choices.some((choice) => choice.id === selectId) ? selectId : NO_KEY
    note.textContent =
      listed.withoutSecret === 0
        ? 'Keys are made in your workspace, the same one the playground shows.'
        : `${listed.withoutSecret} other active key${listed.withoutSecret === 1 ? '' : 's'} of your workspace cannot be used here: a key's secret stays in the tab that issued it unless you chose to remember it in this browser.`
    announce()
  }

  select.addEventListener('change', announce)
  fresh.addEventListener('click', async () => {
    fresh.disabled = true
    try {
      const issued = await workspace.issueKey({ app: REFERENCE_APP, scopes: SCOPES, label: 'API reference' })
      madeHere[issued.id] = issued.key
      await refresh(issued.id)
    } catch (error) {
      status.textContent = `Failed to issue "a key for Try it": ${error instanceof Error ? error.message : String(error)}`
    } finally {
      fresh.disabled = false
    }
  })

  const row = element('div', { className: 'reference-key-row' })
  row.append(label, select, fresh)
  container.replaceChildren(row, status, note)
  if (inPage !== undefined) {
    const where = inMemory ? ' This browser keeps no storage for this frame, so keys made here last as long as the page.' : ''
    container.append(
      element('p', {
        className: 'reference-note reference-in-page',
        textContent: `Try it is answered inside this page (${inPage}): same API, same answers, but not on the network.${where}`,
      }),
    )
  }
  // Start with the newest key this browser holds, so a reader who remembered one gets 200s at once.
  await refresh(keyChoices(await workspace.listKeys(), readRememberedKeys()).choices[0]?.id ?? NO_KEY)
}

/** Says in the bar why "Try it" cannot be answered in this page; the reference itself still renders. */
export function showUnavailable(container: HTMLElement, reason: string): void {
  const message = element('p', {
    className: 'reference-status',
    role: 'status',
    textContent: `Try it cannot be answered in this page (${reason}). The reference below still lists every operation, its parameters, examples and errors.`,
  })
  container.replaceChildren(message)
}
