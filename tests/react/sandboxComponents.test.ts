/**
 * developer-sandbox/react under server rendering, as Docusaurus and Next.js
 * run it: importing it touches nothing global, and the server's markup is a
 * placeholder of the example's height with no frame (the frame comes on the
 * client, after hydration).
 */
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

describe('developer-sandbox/react on the server', () => {
  it('changes nothing global when imported', async () => {
    const before = new Set(Object.getOwnPropertyNames(globalThis))
    await import('../../src/react/index.ts')
    expect(Object.getOwnPropertyNames(globalThis).filter((name) => !before.has(name))).toEqual([])
  })

  it("renders an example as a placeholder of that example's reserved height, with no frame", async () => {
    const { SandboxExample, SandboxSite } = await import('../../src/react/index.ts')
    const html = renderToString(
      h(SandboxSite, { url: 'https://sandbox.example.com' }, h(SandboxExample, { id: 'rate-limited', className: 'example' })),
    )
    expect(html).toBe('<div class="example" data-sandbox-example-id="rate-limited" style="height:355px"></div>')
  })

  it('renders the reference as a placeholder of the height asked for', async () => {
    const { SandboxReference } = await import('../../src/react/index.ts')
    expect(renderToString(h(SandboxReference, { site: 'https://sandbox.example.com/', height: 700 }))).toBe(
      '<div data-sandbox-reference="" style="height:700px"></div>',
    )
  })

  it('says plainly when no site names where to load the example from', async () => {
    const { SandboxExample } = await import('../../src/react/index.ts')
    expect(renderToString(h(SandboxExample, { id: 'get-status' }))).toContain('role="alert"')
  })

  it('takes only the ids of the examples list', async () => {
    const { EXAMPLE_IDS, SandboxExample } = await import('../../src/react/index.ts')
    expect(EXAMPLE_IDS).toContain('rate-limited')
    // @ts-expect-error: not an example id
    const unknown = h(SandboxExample, { id: 'no-such-example', site: 'https://sandbox.example.com/' })
    expect(renderToString(unknown)).toContain('height:360px')
  })
})
