/** Starting to listen, with the failures a user can fix told as usage errors. */
import type { Server } from 'node:http'
import { UsageError } from './usage.ts'

/** Listens on the port and host, or fails with what to do instead (port in use, no such address, a privileged port). */
export async function listen(server: Server, port: number, host: string): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    throw listenError(error as NodeJS.ErrnoException, port, host)
  }
}

function listenError(error: NodeJS.ErrnoException, port: number, host: string): UsageError | NodeJS.ErrnoException {
  if (error.code === 'EADDRINUSE') {
    return new UsageError(
      `Failed to start the server on port ${port}: the port is in use. Stop what is using it, or pass --port <another port> (--port 0 picks a free one).`,
    )
  }
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') {
    return new UsageError(`Failed to start the server on "${host}": this machine has no such address. Pass --host 127.0.0.1.`)
  }
  if (error.code === 'EACCES')
    return new UsageError(`Failed to start the server on port ${port}: permission denied. Pick a port above 1023.`)
  return error
}
