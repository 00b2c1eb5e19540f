import { bearerToken, tokenMatches } from './adminToken.ts'
import { ControlError } from './controlError.ts'

/**
 * Refuses a control call that does not present the admin token, in constant
 * time. Shared by the control handler and by hosts that check before they
 * forward (the playground's bridge checks on the server, so the token never
 * reaches the page).
 */
export function authoriseControl(request: Request, expected: string | undefined): void {
  if (!expected) throw new ControlError('control_unavailable', 'Failed to authorise the control call: the admin token is not set yet.')
  const header = request.headers.get('authorization')
  if (header === null || header.trim() === '') {
    throw new ControlError('admin_token_missing', 'Failed to authorise the control call: send "Authorization: Bearer <admin token>".', {
      headers: { 'WWW-Authenticate': 'Bearer realm="developer-sandbox-control"' },
    })
  }
  const presented = bearerToken(header)
  if (presented === null || !tokenMatches(presented, expected)) {
    throw new ControlError('admin_token_invalid', 'Failed to authorise the control call: the admin token is wrong.', {
      headers: { 'WWW-Authenticate': 'Bearer realm="developer-sandbox-control", error="invalid_token"' },
    })
  }
}
