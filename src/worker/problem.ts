/** The Worker's own answers (admin routes, routing refusals) as RFC 9457 problem details, like the core's. */
export type WorkerProblemCode =
  | 'admin_token_invalid'
  | 'admin_token_unset'
  | 'workspace_not_found'
  | 'workspace_name_invalid'
  | 'workspace_is_default'
  | 'invalid_body'
  | 'invalid_json'
  | 'payload_too_large'
  | 'method_not_allowed'
  | 'route_not_found'
  | 'workspace_unloadable'
  | 'internal_error'

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

export function problem(status: number, code: WorkerProblemCode, detail: string, requestId = crypto.randomUUID()): Response {
  const body = { type: `urn:developer-sandbox:problem:${code}`, title: TITLES[status] ?? 'Error', status, code, detail, requestId }
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store', 'X-Request-ID': requestId },
  })
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } })
