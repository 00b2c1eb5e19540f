/**
 * What a browser gets at the page of a workspace that does not exist (never
 * created, deleted, expired): a 404 with a page a person can read, in place of
 * the playground and before any of its assets. It says what the app's own
 * view would say once it asked the host, and what brings the workspace back;
 * it runs nothing. Clients that ask for JSON keep the problem details.
 */
const GONE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

export function wantsPage(request: Request): boolean {
  return (request.headers.get('accept') ?? '').includes('text/html')
}

export function workspaceGonePage(request: Request, name: string, detail: string): Response {
  const title = `The workspace "${escapeHtml(name)}" is gone`
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <title>${title}</title>
    <style>body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; }</style>
  </head>
  <body>
    <section role="alert" aria-labelledby="gone-title" data-testid="sandbox-gone">
      <h2 id="gone-title">${title}</h2>
      <p>${escapeHtml(detail)}</p>
      <p>Its keys, usage and request journal went with it. An admin can create the workspace again under the same name (a new, empty one); then reload this page.</p>
    </section>
  </body>
</html>
`
  return new Response(request.method === 'HEAD' ? null : html, { status: 404, headers: GONE_HEADERS })
}
