/**
 * How `serve --open` hands the one-time link to the browser: through a page
 * only this user can read (mode 0600, in a fresh folder of mode 0700) that
 * sends the browser on to the link, never through the browser command's
 * arguments, which every local user can read (`ps`). The page is deleted once
 * the code is used, when it expires, or when serve stops.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

export interface HandoverFile {
  /** The page's `file:` URL, the one thing the browser command is given. */
  url: string
  /** Deletes the page and its folder; again, it does nothing. */
  remove(): void
}

const attribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')

/** Writes the page that opens `link`. */
export function writeHandoverFile(link: string): HandoverFile {
  const folder = mkdtempSync(join(tmpdir(), 'developer-sandbox-open-'))
  const path = join(folder, 'open-playground.html')
  const target = JSON.stringify(link).replaceAll('<', '\\u003c')
  const page = [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>Opening the playground</title>',
    `<script>location.replace(${target})</script></head>`,
    `<body><noscript><a href="${attribute(link)}">Open the playground</a></noscript></body></html>`,
    '',
  ].join('\n')
  writeFileSync(path, page, { mode: 0o600, flag: 'wx' })
  let removed = false
  return {
    url: pathToFileURL(path).href,
    remove() {
      if (removed) return
      removed = true
      rmSync(folder, { recursive: true, force: true })
    },
  }
}
