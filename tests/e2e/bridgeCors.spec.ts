import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { followKeyHints } from './support/bridge.ts'
import { issueKey, openPlayground } from './support/playground.ts'

/**
 * A page of the developer's own app, on another local origin (127.0.0.1 on
 * its own port), calls the playground's API over the bridge with CORS. It has
 * its own spec because its requests leave the playground's origin on purpose.
 */

let app: Server
let appOrigin = ''

test.beforeAll(async () => {
  // A bare page, no Content-Security-Policy: as a developer's app under development would be.
  app = createServer((_request, response) =>
    response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>my app</title>'),
  )
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve))
  appOrigin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`
})

test.afterAll(async () => {
  await new Promise((resolve) => app?.close(resolve))
})

test('a page on another local origin calls the bridge with CORS and reads X-RateLimit-Remaining', async ({ page, context, baseURL }) => {
  const api = new URL('api/developer/v1', baseURL).href
  const hints = followKeyHints(page)
  await openPlayground(page)
  const { secret, lastFour } = await issueKey(page, { preset: 'everything', app: 'bridge-cors' })
  await hints.held(lastFour)

  const other = await context.newPage()
  await other.goto(appOrigin)
  const result = await other.evaluate(
    async ({ url, key }) => {
      // Authorization and a JSON body make both calls preflighted.
      const status = await fetch(`${url}/status`, { headers: { Authorization: `Bearer ${key}`, 'X-Request-ID': 'from-my-app' } })
      const validate = await fetch(`${url}/tools/validate`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ manifest: { schema: 'service.tool/v1' } }),
      })
      return {
        origin: location.origin,
        status: status.status,
        remaining: status.headers.get('X-RateLimit-Remaining'),
        limit: status.headers.get('X-RateLimit-Limit'),
        requestId: status.headers.get('X-Request-ID'),
        app: (await status.json()).project.app,
        validateStatus: validate.status,
        validateRemaining: validate.headers.get('X-RateLimit-Remaining'),
        validateCode: (await validate.json()).code,
      }
    },
    { url: api, key: secret },
  )
  expect(result).toEqual({
    origin: appOrigin,
    status: 200,
    remaining: '119',
    limit: '120',
    requestId: 'from-my-app',
    app: 'bridge-cors',
    validateStatus: 422,
    validateRemaining: '118',
    validateCode: 'manifest_invalid',
  })
})
