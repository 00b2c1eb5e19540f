/**
 * The embed's controller, in Node: Node is no secure browsing context with a
 * service worker, so the embed takes its fallback for real (the example's
 * sandbox in memory, requests handed to it in the page). Only the page's
 * event targets are provided, as plain EventTargets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXAMPLES, findExample } from '../../src/embed/examples.ts'
import { createEmbedController, type EmbedController } from '../../src/embed/run/embedController.ts'
import { describeNotice } from '../../src/embed/runtime/embedProblem.ts'
import { inPageSession } from '../../src/embed/runtime/inPageLink.ts'

const page = { window: new EventTarget(), document: Object.assign(new EventTarget(), { visibilityState: 'visible' }) }

beforeAll(() => {
  Object.assign(globalThis, page)
})
afterAll(() => {
  Reflect.deleteProperty(globalThis, 'window')
  Reflect.deleteProperty(globalThis, 'document')
})

function example(id: string) {
  const found = findExample(id)
  if (!found) throw new Error(`Failed to find example "${id}": not in the catalogue`)
  return found
}

async function started(id: string): Promise<EmbedController> {
  const controller = createEmbedController(example(id))
  await controller.start()
  return controller
}

describe('embed controller', () => {
  it('starts in memory with an in-page transport and says so in one line, holding a key for the example', async () => {
    const controller = await started('get-status')
    const { runtime, keyHint } = controller.store.getState()
    expect(runtime.phase).toBe('ready')
    if (runtime.phase !== 'ready') return
    expect(runtime.transport.kind).toBe('in-page')
    if (runtime.transport.kind === 'in-page') {
      expect(runtime.transport.notice.reason).toBe('insecure-context')
      expect(runtime.transport.notice.summary).toBe('Running in memory on this page.')
    }
    expect(keyHint).toMatch(/^svc_test_….{4}$/)
  })

  it.each(
    EXAMPLES.filter((candidate) => candidate.id !== 'rate-limited').map((candidate) => [candidate.id, candidate.expectedStatus] as const),
  )('runs %s and gets the status its explanation promises (%i)', async (id, status) => {
    const controller = await started(id)
    await controller.run()
    const { run } = controller.store.getState()
    expect(run.status).toBe('done')
    if (run.status === 'done') expect(run.outcome.result.status).toBe(status)
  })

  it('tells whether the shown request carried a key, so a keyless full window is not read as one', async () => {
    const keyless = await started('key-missing')
    await keyless.run()
    const withKey = await started('get-status')
    await withKey.run()
    const sent = [keyless, withKey].map(({ store }) => {
      const { run } = store.getState()
      return run.status === 'done' ? run.outcome.keySent : undefined
    })
    expect(sent).toEqual([false, true])
  })

  it('meets the rate limit after 120 warm-up requests with a fresh key, reporting progress', async () => {
    const controller = await started('rate-limited')
    const progress: number[] = []
    const unsubscribe = controller.store.subscribe((state) => {
      if (state.run.status === 'running' && state.run.warmUp) progress.push(state.run.warmUp.sent)
    })
    await controller.run()
    unsubscribe()
    const { run } = controller.store.getState()
    expect(run.status === 'done' && run.outcome.result.status).toBe(429)
    expect(run.status === 'done' && run.outcome.warmUp).toEqual({ 200: 120 })
    expect(progress.at(-1)).toBe(120)
  })

  it('sends the body the reader edited, and puts the example body back on reset', async () => {
    const controller = await started('validate-tool')
    controller.setBody('{"manifest": ')
    await controller.run()
    const { run } = controller.store.getState()
    expect(run.status === 'done' && run.outcome.result.status).toBe(400)
    controller.resetBody()
    expect(controller.store.getState().body).toBe(example('validate-tool').body)
  })

  it("moves only its own session's clock for the expired-key example, and puts it back after", async () => {
    const offsets: number[] = []
    const controller = createEmbedController(example('key-expired'), async () => {
      const { link, client } = inPageSession()
      const setClockOffset = (offsetMs: number) => {
        offsets.push(offsetMs)
        return link.setClockOffset(offsetMs)
      }
      return { link: { ...link, setClockOffset }, client, transport: { kind: 'in-page', notice: describeNotice('worker-failed') } }
    })
    await controller.start()
    await controller.run()
    const { run } = controller.store.getState()
    expect(run.status === 'done' && run.outcome.result.body).toMatchObject({ code: 'key_expired' })
    expect(offsets).toEqual([181 * 86_400_000, 0])
  })

  it('revokes its key when the page is hidden, and issues a fresh one on the next run', async () => {
    const controller = await started('get-status')
    const before = controller.store.getState().keyHint
    page.document.visibilityState = 'hidden'
    page.document.dispatchEvent(new Event('visibilitychange'))
    page.document.visibilityState = 'visible'
    await expect.poll(() => controller.store.getState().keyHint).toBeNull()
    await controller.run()
    const { run, keyHint } = controller.store.getState()
    expect(run.status === 'done' && run.outcome.result.status).toBe(200)
    expect(keyHint).not.toBeNull()
    expect(keyHint).not.toBe(before)
  })

  it('refuses a second run while one is running', async () => {
    const controller = await started('get-status')
    const first = controller.run()
    await controller.run()
    expect(controller.store.getState().run.status).toBe('running')
    await first
    expect(controller.store.getState().run.status).toBe('done')
  })
})
