import { createServer } from 'node:http'

/** A port nothing listens on right now, found by letting the OS pick one on `host` and closing it again. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, host, () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('Failed to find a free port: no address')),
      )
    })
  })
}
