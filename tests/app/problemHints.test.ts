import { describe, expect, it } from 'vitest'
import { describeResult } from '../../src/app/ui/apiProblem.ts'
import type { HttpResult } from '../../src/client/sandboxClient.ts'

function refused(detail: string | undefined, retryAfter: string): HttpResult {
  return {
    ok: false,
    method: 'GET',
    url: 'http://localhost/api/developer/v1/status',
    status: 429,
    headers: { 'retry-after': retryAfter },
    text: '',
    requestId: 'r',
    durationMs: 1,
    body: {
      type: 'about:blank',
      title: 'Rate limit exceeded',
      status: 429,
      code: 'rate_limited',
      requestId: 'r',
      ...(detail ? { detail } : {}),
    },
  } as HttpResult
}

describe('the 429 panel', () => {
  it('says when to retry once: the sandbox detail says it, so the hint does not repeat it', () => {
    const problem = describeResult(
      refused('Failed to accept the request: more than 120 requests in a minute for key key_1. Retry after 32 s.', '32'),
    )
    const said = `${problem?.detail} ${problem?.hint}`
    expect(said.match(/Retry after 32 s/g)).toHaveLength(1)
  })

  it('says when to retry in the hint when the answer has no detail that does', () => {
    expect(describeResult(refused(undefined, '17'))?.hint).toContain('Retry after 17 s.')
  })
})
