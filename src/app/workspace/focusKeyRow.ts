/**
 * Moves focus to a key's row in the key table, once it is drawn. Used where
 * the control that had focus goes away (the secret reveal hidden, a key
 * revoked): left alone, focus would fall to the page and the next Tab start over.
 */
export function focusKeyRow(id: string): void {
  requestAnimationFrame(() => {
    const row = document.querySelector<HTMLElement>(`[data-key-row="${CSS.escape(id)}"]`)
    row?.focus()
  })
}
