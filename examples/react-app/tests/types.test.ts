import type { IssueKeyOptions, WorkspaceFixture } from 'developer-sandbox'
import type { ApiResult, ProblemDetails, ResponseBody } from 'developer-sandbox/client'
import type { HttpHandler } from 'msw'
import { describe, expectTypeOf, it } from 'vitest'
import { createApiClient } from '../src/api'
import { handlers, sandbox } from '../src/mocks/handlers'

// Checked by `tsc` (npm run typecheck): a wrong type fails the build, not just this file.
describe('the types the package gives a consumer', () => {
  it('types the handlers module for setupServer and setupWorker', () => {
    expectTypeOf(handlers).toEqualTypeOf<HttpHandler[]>()
    expectTypeOf(sandbox.workspace.issueKey).parameter(0).toEqualTypeOf<IssueKeyOptions>()
    expectTypeOf<IssueKeyOptions['key']>().toEqualTypeOf<string | undefined>()
  })

  it('types each call body from its response schema, and a failed call body as problem details', async () => {
    const client = createApiClient()
    expectTypeOf(client.getProjectUsage).returns.resolves.toEqualTypeOf<ApiResult<ResponseBody<'getProjectUsage'>>>()
    expectTypeOf(client.getProjectStatus).returns.resolves.toHaveProperty('status').toEqualTypeOf<number>()
    const usage = await client.getProjectUsage()
    if (usage.ok) {
      expectTypeOf(usage.body.totals).toEqualTypeOf<{ requests: number; errors: number }>()
      expectTypeOf(usage.body.window.days).toEqualTypeOf<30>()
    } else expectTypeOf(usage.body).toEqualTypeOf<ProblemDetails | undefined>()
  })

  it('types a fixture written in TypeScript', () => {
    expectTypeOf<{ keys: [{ key: string; scopes: ['usage.read']; status: 'expired' }] }>().toExtend<WorkspaceFixture>()
    expectTypeOf<{ keys: [{ key: string; scopes: ['admin'] }] }>().not.toExtend<WorkspaceFixture>()
  })
})
