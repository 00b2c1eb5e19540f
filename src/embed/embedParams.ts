/**
 * What an embed page reads from its URL. Both values are only compared with
 * known ones; nothing from the URL is rendered as markup or executed.
 */
export type EmbedTheme = 'light' | 'dark' | 'auto'

export interface EmbedParams {
  /** The requested example id, as given (looked up in the catalogue, never trusted). */
  exampleId: string | null
  theme: EmbedTheme
}

/**
 * Reads `?example=<id>&theme=light|dark`; any other theme value means "follow the reader's system".
 * @example parseEmbedParams('?example=get-status&theme=dark') // { exampleId: 'get-status', theme: 'dark' }
 */
export function parseEmbedParams(search: string): EmbedParams {
  const params = new URLSearchParams(search)
  const theme = params.get('theme')
  return {
    exampleId: params.get('example'),
    theme: theme === 'light' || theme === 'dark' ? theme : 'auto',
  }
}

/** Puts the theme on the root element, where the stylesheet's custom properties pick it up. */
export function applyTheme(theme: EmbedTheme, root: HTMLElement = document.documentElement): void {
  if (theme === 'auto') root.removeAttribute('data-theme')
  else root.setAttribute('data-theme', theme)
}
