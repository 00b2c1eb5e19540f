/**
 * serve's own rule for the control API: it answers this machine only, so
 * neither another machine nor a page it serves can reach it, even with the
 * token. See docs/decisions/011 and 023.
 */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/

export function isLoopbackClient(remoteAddress: string | undefined): boolean {
  return LOOPBACK.test(remoteAddress ?? '')
}

export function refuseRemoteControl(): Response {
  const body = {
    type: 'urn:developer-sandbox:problem:control_forbidden',
    title: 'Control API answers this machine only',
    status: 403,
    detail: 'Failed to answer the control call: the control API answers only clients on this machine.',
    code: 'control_forbidden',
    requestId: crypto.randomUUID(),
  }
  return new Response(JSON.stringify(body), {
    status: 403,
    headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store' },
  })
}
