// A lock for builds that two commands may start at once. It is a folder (mkdir is atomic) holding its owner's
// pid; a lock whose owner died is taken over, so a build killed halfway never blocks the next one.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

function alive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === 'EPERM'
  }
}

/** Runs `run` holding the lock folder `lock`; while another process holds it, says once on stderr what it waits for. */
export function withLock(lock, waitingFor, run) {
  for (let told = false; ; ) {
    try {
      mkdirSync(lock)
      writeFileSync(join(lock, 'pid'), String(process.pid))
      break
    } catch (error) {
      if (error.code !== 'EEXIST') throw error
    }
    let owner = 0
    try {
      owner = Number(readFileSync(join(lock, 'pid'), 'utf8'))
    } catch {}
    // No pid yet: its owner is between the two calls above.
    if (owner && !alive(owner)) rmSync(lock, { recursive: true, force: true })
    else if (!told) {
      process.stderr.write(`Waiting for ${waitingFor}…\n`)
      told = true
    }
    sleep(200)
  }
  try {
    return run()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}
