/** `serve --open`: the system's browser (or $BROWSER, as Vite honours it) at a URL, without waiting for it. The URL is in the command's arguments, which any local user can read: never put a secret in it. */
import { spawn } from 'node:child_process'

export function openInBrowser(url: string): void {
  const chosen = process.env.BROWSER?.trim()
  const [command, args] = chosen
    ? [chosen, [url]]
    : process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url.replaceAll('&', '^&')]]
        : ['xdg-open', [url]]
  const child = spawn(command, args, { detached: true, stdio: 'ignore' })
  child.once('error', (error) => {
    process.stderr.write(`Failed to open a browser ("${command}"): ${error.message}. Open ${url} yourself.\n`)
  })
  child.unref()
}
