/**
 * When and how `serve` hands its admin token to the playground. A one-time
 * link is made only when it can be used: printed when a person reads the
 * terminal (stdout is a TTY), and handed to the browser with `--open`
 * through a page only this user can read (`handoverFile.ts`). Otherwise
 * (output piped to a log, a CI step) the banner shows the plain address and
 * the page asks for the token, so no live code sits in a log.
 * See docs/decisions/044-handover-only-where-it-can-be-used.md.
 */
import { type AdminHandover, HANDOVER_TTL_MS } from './adminHandover.ts'
import { type HandoverFile, writeHandoverFile } from './handoverFile.ts'
import { openInBrowser } from './openInBrowser.ts'

export interface PlaygroundHandover {
  /** What the banner's Playground line shows, and what it says of it; nothing without a playground. */
  banner(tokenAt: string): { printed: string | undefined; note: string | undefined }
  /** Hands the link to the browser (`--open`). */
  open(): void
  /** Deletes what `open` wrote, if anything is left: serve stops. */
  close(): void
}

export function playgroundHandover(
  handover: AdminHandover | undefined,
  origin: string,
  opening: boolean,
  terminal = process.stdout.isTTY === true,
): PlaygroundHandover {
  const link = handover && (terminal || opening) ? handover.link(handover.issue()) : undefined
  let file: HandoverFile | undefined
  let expiry: NodeJS.Timeout | undefined
  const close = () => {
    clearTimeout(expiry)
    file?.remove()
  }
  return {
    banner(tokenAt) {
      if (!handover) return { printed: undefined, note: undefined }
      if (terminal && link) return { printed: link, note: undefined }
      if (opening) return { printed: `${origin}/`, note: 'opened in your browser, which is handed the admin token once' }
      return { printed: `${origin}/`, note: `the page asks for the admin token, ${tokenAt}` }
    },
    open() {
      if (!handover || !link) return
      file = writeHandoverFile(link)
      handover.whenUsed(close)
      // A code left unused expires; its page goes with it.
      expiry = setTimeout(close, HANDOVER_TTL_MS)
      expiry.unref()
      process.once('exit', close)
      openInBrowser(file.url)
    },
    close,
  }
}
