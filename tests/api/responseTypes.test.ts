/** The client's bodies are typed from the response schemas; these pins fail to compile (and to run) if the derivation drifts. */
import { describe, expectTypeOf, it } from 'vitest'
import type { ApiResult, ResponseBody, SandboxClient } from '../../src/client/sandboxClient.ts'

describe('typed response bodies', () => {
  it('types GET /usage from its schema', () => {
    type Usage = ResponseBody<'getProjectUsage'>
    expectTypeOf<Usage['window']>().toEqualTypeOf<{ days: 30; from: string; to: string; timeZone: 'UTC' }>()
    expectTypeOf<Usage['totals']>().toEqualTypeOf<{ requests: number; errors: number }>()
    expectTypeOf<Usage['days'][number]['operations']>().toEqualTypeOf<{ [operationId: string]: { requests: number; errors: number } }>()
  })

  it('types POST /tools/validate from its schema', () => {
    expectTypeOf<ResponseBody<'validateTool'>>().toEqualTypeOf<{ valid: true; schema: 'service.tool/v1'; digest: string }>()
  })

  it('gives client.call the body of the operation it names, and problem details otherwise', () => {
    type Call<Id extends Parameters<SandboxClient['call']>[0]> = Awaited<ReturnType<typeof callOf<Id>>>
    const callOf = <Id extends Parameters<SandboxClient['call']>[0]>(client: SandboxClient, id: Id) => client.call(id)
    expectTypeOf<Call<'getProjectStatus'>>().toEqualTypeOf<ApiResult<ResponseBody<'getProjectStatus'>>>()
    expectTypeOf<Extract<Call<'getProjectStatus'>, { ok: true }>['body']['apiVersion']>().toEqualTypeOf<'2026-08-12'>()
    expectTypeOf<Extract<Call<'getProjectStatus'>, { ok: false }>['body']>().toEqualTypeOf<
      import('../../src/client/sandboxClient.ts').ProblemDetails | undefined
    >()
  })
})
