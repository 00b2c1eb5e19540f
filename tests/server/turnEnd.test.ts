/** Answers wait for the end of the event loop's turn and then go out together; nothing waits longer. */
import { describe, expect, it } from 'vitest'
import { TurnEnd } from '../../src/server/turnEnd.ts'

describe('TurnEnd', () => {
  it('settles every wait of a turn at once, after the microtasks queued in that turn', async () => {
    const turnEnd = new TurnEnd()
    const order: string[] = []
    const first = turnEnd.wait().then(() => order.push('first'))
    const second = turnEnd.wait().then(() => order.push('second'))
    await Promise.resolve()
    order.push('microtask')
    await Promise.all([first, second])
    expect(order).toEqual(['microtask', 'first', 'second'])
  })

  it('shares one timer per turn and starts a new one for the next turn', async () => {
    let scheduled = 0
    const turnEnd = new TurnEnd((run) => {
      scheduled++
      setImmediate(run)
    })
    const a = turnEnd.wait()
    expect(turnEnd.wait()).toBe(a)
    await a
    const b = turnEnd.wait()
    expect(b).not.toBe(a)
    await b
    expect(scheduled).toBe(2)
  })

  it('settles before a timer of the next turn fires', async () => {
    const turnEnd = new TurnEnd()
    const order: string[] = []
    const timer = new Promise((resolve) => setTimeout(resolve, 0)).then(() => order.push('timer'))
    await turnEnd.wait().then(() => order.push('turn end'))
    await timer
    expect(order[0]).toBe('turn end')
  })
})
