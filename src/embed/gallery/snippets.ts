/**
 * The HTML a docs author pastes, built from the site's own address so the
 * snippets work wherever the sandbox is deployed (any origin, any base path).
 */
import { EXAMPLE_INDEX } from '../exampleIndex.ts'
import type { EmbedExample } from '../examples.ts'

export type SnippetTheme = 'auto' | 'light' | 'dark'

/** Where this site lives, e.g. `https://sandbox.example/docs-sandbox/`. */
export function siteBase(): URL {
  return new URL(import.meta.env.BASE_URL, window.location.href)
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
}

export function embedPageUrl(example: EmbedExample, theme: SnippetTheme, base: URL = siteBase()): string {
  const url = new URL('embed.html', base)
  url.searchParams.set('example', example.id)
  if (theme !== 'auto') url.searchParams.set('theme', theme)
  return url.href
}

export function loaderUrl(base: URL = siteBase()): string {
  return new URL('embed.js', base).href
}

/** A plain iframe: no script needed on the docs page, but a fixed height. */
export function iframeSnippet(example: EmbedExample, theme: SnippetTheme, base?: URL): string {
  return [
    `<iframe src="${escapeAttribute(embedPageUrl(example, theme, base))}"`,
    `  title="${escapeAttribute(`Developer Sandbox example: ${example.title}`)}"`,
    '  sandbox="allow-scripts allow-same-origin" loading="lazy" referrerpolicy="no-referrer"',
    '  style="display:block;width:100%;height:480px;border:0"></iframe>',
  ].join('\n')
}

/**
 * A placeholder plus the loader: the iframe is made and sized to fit by embed.js. The placeholder holds the
 * example's height from the first paint, before the async loader arrives, so the page does not move.
 */
export function scriptSnippet(example: EmbedExample, theme: SnippetTheme, base?: URL): string {
  const themeAttribute = theme === 'auto' ? '' : ` data-theme="${theme}"`
  const reserved = (EXAMPLE_INDEX as Record<string, { height: number } | undefined>)[example.id]?.height ?? 360
  return [
    `<div data-sandbox-example="${escapeAttribute(example.id)}" data-title="${escapeAttribute(example.title)}"${themeAttribute} style="min-height:${reserved}px"></div>`,
    `<script src="${escapeAttribute(loaderUrl(base))}" async></script>`,
  ].join('\n')
}
