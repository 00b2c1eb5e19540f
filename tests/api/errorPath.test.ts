/** The one error path, through the public `handle`: ApiError keeps its status, store failures are 503, bugs are a logged 500. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../src/api/contract/ApiError.ts'
import { OPERATIONS } from '../../src/api/index.ts'
import type { Operation } from '../../src/api/operations/defineOperation.ts'
import { expectProblem } from './support/contract.ts'
import { makeSandbox } from './support/harness.ts'

const status = OPERATIONS.find((operation) => operation.operationId === 'getProjectStatus')
if (!status) throw new Error('getProjectStatus is not registered')

/** The real operation list with GET /status's `run` replaced; each run writes first, so a commit would show in the store. */
function withStatusRun(run: Operation['run']): Operation[] {
  return OPERATIONS.map((operation) => (operation === status ? { ...operation, run } : operation))
}

async function writeThenThrow(error: unknown, context: Parameters<Operation['run']>[0]): Promise<never> {
  context.tx.objectStore('projects').putLater({
    id: 'prj_half_done',
    slug: 'half\u0000done',
    app: 'half',
    environment: 'done',
    createdAt: 0,
    webhookSecret: 'whsec_AAAA',
  })
  throw error
}

async function projectIds(harness: Awaited<ReturnType<typeof makeSandbox>>): Promise<string[]> {
  return (await harness.sandbox.workspace.exportState()).projects.map((project) => project.id)
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the error path', () => {
  it('answers a bug in an operation with a logged 500 internal_error carrying the request id, and commits nothing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const harness = await makeSandbox({ operations: withStatusRun((context) => writeThenThrow(new TypeError('boom'), context)) })
    const { key } = await harness.issue(['status.read'])
    const result = await harness.call('/status', { key, headers: { 'X-Request-ID': 'bug-1' } })
    const body = expectProblem(result, 500, 'internal_error')
    expect(body.requestId).toBe('bug-1')
    expect(body.detail).toContain('bug-1')
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('"bug-1"'), expect.any(TypeError))
    expect(await projectIds(harness)).not.toContain('prj_half_done')
    const usage = (await harness.sandbox.workspace.exportState()).usage
    expect(usage).toEqual([])
  })

  it('keeps the status of an ApiError an operation throws, and counts it as an error in usage', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const notFound = new ApiError('not_found', 'Failed to find "thing": no such thing.')
    const harness = await makeSandbox({ operations: withStatusRun(async () => Promise.reject(notFound)) })
    const { key } = await harness.issue(['status.read'])
    const result = await harness.call('/status', { key })
    expectProblem(result, 404, 'not_found')
    expect(logged).not.toHaveBeenCalled()
    const usage = (await harness.sandbox.workspace.exportState()).usage
    expect(usage).toEqual([expect.objectContaining({ operationId: 'getProjectStatus', requests: 1, errors: 1 })])
  })

  it('answers 503 authorization_unavailable only when the store fails, not for a bug', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const harness = await makeSandbox({
      // The operation aborts the request's own transaction: its next store request fails as IndexedDB would.
      operations: withStatusRun(async ({ tx }) => {
        tx.abort()
        await tx.objectStore('projects').get('any')
        throw new Error('unreachable: the store request above must fail')
      }),
    })
    const { key } = await harness.issue(['status.read'])
    expectProblem(await harness.call('/status', { key }), 503, 'authorization_unavailable')
    const buggy = await makeSandbox({ operations: withStatusRun(async () => Promise.reject(new RangeError('bad index'))) })
    const second = await buggy.issue(['status.read'])
    expectProblem(await buggy.call('/status', { key: second.key }), 500, 'internal_error')
  })

  it('answers 503 when the authorization fault is on, before any operation runs', async () => {
    let ran = false
    const harness = await makeSandbox({
      faults: () => ({ authorization: 'unavailable' }),
      operations: withStatusRun(async () => {
        ran = true
        return {}
      }),
    })
    const { key } = await harness.issue(['status.read'])
    expectProblem(await harness.call('/status', { key }), 503, 'authorization_unavailable')
    expect(ran).toBe(false)
  })
})
