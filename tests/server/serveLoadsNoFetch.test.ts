import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scratchFolder, startServer } from './support/sandboxServer.ts'

describe("serve's start", () => {
  it("answers its first 200 on /status without loading undici, Node's fetch, which the server never uses", async () => {
    const folder = scratchFolder()
    const report = join(folder, 'loaded.txt')
    // Preloaded into the server: on its way out it writes which of Node's own modules it loaded.
    const preload = join(folder, 'loaded.mjs')
    writeFileSync(
      preload,
      `import { writeFileSync } from 'node:fs'\nprocess.on('exit', () => writeFileSync(${JSON.stringify(report)}, process.moduleLoadList.join('\\n')))\n`,
    )
    const server = await startServer(folder, ['--state', join(folder, 'state.db')], undefined, { NODE_OPTIONS: `--import ${preload}` })
    try {
      const response = await new Promise<number>((resolve, reject) => {
        import('node:http').then(({ get }) =>
          get(`${server.origin}/api/developer/v1/status`, { headers: { Authorization: `Bearer ${server.key}` } }, (answer) => {
            answer.resume()
            resolve(answer.statusCode ?? 0)
          }).on('error', reject),
        )
      })
      expect(response).toBe(200)
    } finally {
      await server.stop()
    }
    const loaded = readFileSync(report, 'utf8').split('\n')
    expect(loaded).toContain('NativeModule http')
    expect(loaded.filter((name) => name.includes('undici'))).toEqual([])
  })
})
