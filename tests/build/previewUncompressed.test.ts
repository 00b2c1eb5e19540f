import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { preview } from 'vite'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { PREVIEW_UNCOMPRESSED, previewUncompressed } from '../../src/build/previewUncompressed.ts'

const site = mkdtempSync(join(tmpdir(), 'preview-uncompressed-'))
writeFileSync(join(site, 'big.js'), `export const text = ${JSON.stringify('a JavaScript chunk '.repeat(2_000))}\n`)
afterAll(() => rmSync(site, { recursive: true, force: true }))
afterEach(() => {
  delete process.env[PREVIEW_UNCOMPRESSED]
})

/** The Content-Encoding and length of `big.js` from a `vite preview` with the plugin, asked as a browser asks. */
async function fetched(): Promise<{ encoding: string | undefined; bytes: number }> {
  const server = await preview({
    configFile: false,
    logLevel: 'silent',
    root: site,
    build: { outDir: site },
    preview: { port: 0, host: '127.0.0.1' },
    plugins: [previewUncompressed()],
  })
  try {
    const { port } = server.httpServer.address() as AddressInfo
    return await new Promise((resolve, reject) => {
      const asked = request({ host: '127.0.0.1', port, path: '/big.js', headers: { 'Accept-Encoding': 'gzip, deflate, br' } }, (answer) => {
        let bytes = 0
        answer.on('data', (chunk: Buffer) => {
          bytes += chunk.length
        })
        answer.on('end', () => resolve({ encoding: answer.headers['content-encoding'], bytes }))
      })
      asked.on('error', reject)
      asked.end()
    })
  } finally {
    await server.close()
  }
}

describe('the preview server for the browser suite', () => {
  it('sends files as they are with PREVIEW_UNCOMPRESSED=1, though the browser accepts gzip', async () => {
    process.env[PREVIEW_UNCOMPRESSED] = '1'
    const answer = await fetched()
    expect(answer.encoding).toBeUndefined()
    expect(answer.bytes).toBeGreaterThan(38_000)
  })

  it('compresses as Vite does without it', async () => {
    const answer = await fetched()
    expect(answer.encoding).toBe('gzip')
    expect(answer.bytes).toBeLessThan(2_000)
  })
})
