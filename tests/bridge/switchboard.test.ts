/**
 * The server's table of tabs and waiting requests: every request settles
 * exactly once, goes to the tab that holds its key, survives a hand-over
 * between tabs and ends in a 503 outcome when no tab answers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ForwardedReply, ForwardedRequest } from '../../src/bridge/protocol.ts'
import { toBase64 } from '../../src/bridge/protocol.ts'
import type { Outcome } from '../../src/bridge/server/outcome.ts'
import { Switchboard } from '../../src/bridge/server/switchboard.ts'

let sequence = 0
function request(): ForwardedRequest {
  sequence += 1
  return {
    id: `r${sequence}`,
    method: 'GET',
    url: 'http://localhost/api/developer/v1/status',
    headers: [],
    body: null,
    truncated: false,
    receivedAt: 0,
  }
}

const ok = (id: string, text = '{"ok":true}'): ForwardedReply => ({
  id,
  status: 200,
  headers: [['content-type', 'application/json']],
  body: toBase64(new TextEncoder().encode(text)),
})
const unknownKey = (id: string): ForwardedReply => ({ ...ok(id, '{"code":"key_invalid"}'), status: 401 })

/** A connected tab that records what it was sent. */
function tab(board: Switchboard) {
  const received: ForwardedRequest[] = []
  const hello = board.connect((forwarded) => received.push(forwarded))
  return { token: hello.token, received }
}

/** Tracks a forward's outcome, and how many times it settled (a promise settles once; the table must not try twice). */
function track(promise: Promise<Outcome>) {
  const seen: Outcome[] = []
  void promise.then((outcome) => seen.push(outcome))
  return seen
}

let board: Switchboard
beforeEach(() => {
  vi.useFakeTimers()
  board = new Switchboard({ timeoutMs: 10_000, handoverMs: 3000 })
})
afterEach(() => {
  board.close()
  vi.useRealTimers()
})

describe('Switchboard', () => {
  it('answers not_open at once when no tab has ever connected', async () => {
    const seen = track(board.forward(request(), null))
    await vi.advanceTimersByTimeAsync(0)
    expect(seen).toEqual([{ kind: 'not_open' }])
    expect(board.waiting).toBe(0)
  })

  it('hands a request to the connected tab and settles with its reply', async () => {
    const a = tab(board)
    const forwarded = request()
    const seen = track(board.forward(forwarded, null))
    expect(a.received).toEqual([forwarded])
    expect(board.reply(a.token, ok(forwarded.id))).toBe('accepted')
    await vi.advanceTimersByTimeAsync(0)
    expect(seen).toEqual([{ kind: 'answered', reply: ok(forwarded.id) }])
  })

  it('never takes a second answer to the same request', async () => {
    const a = tab(board)
    const forwarded = request()
    const seen = track(board.forward(forwarded, null))
    expect(board.reply(a.token, ok(forwarded.id, '{"first":1}'))).toBe('accepted')
    expect(board.reply(a.token, ok(forwarded.id, '{"second":2}'))).toBe('unknown')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(seen).toEqual([{ kind: 'answered', reply: ok(forwarded.id, '{"first":1}') }])
  })

  it('refuses a reply from a tab the request was never sent to', () => {
    const a = tab(board)
    const forwarded = request()
    track(board.forward(forwarded, null))
    expect(board.reply('forged-token', ok(forwarded.id))).toBe('unknown')
    expect(board.reply(a.token, ok('no-such-request'))).toBe('unknown')
    expect(board.waiting).toBe(1)
  })

  it('answers timeout when the tab keeps the request past the deadline, and ignores its late reply', async () => {
    const a = tab(board)
    const forwarded = request()
    const seen = track(board.forward(forwarded, null))
    await vi.advanceTimersByTimeAsync(9_999)
    expect(seen).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(seen).toEqual([{ kind: 'timeout' }])
    expect(board.reply(a.token, ok(forwarded.id))).toBe('unknown')
    await vi.advanceTimersByTimeAsync(0)
    expect(seen).toHaveLength(1)
  })

  it('re-sends an unanswered request to the next leader after the answering tab leaves', async () => {
    const a = tab(board)
    const forwarded = request()
    const seen = track(board.forward(forwarded, null))
    board.disconnect(a.token)
    await vi.advanceTimersByTimeAsync(500)
    expect(seen).toEqual([])
    const b = tab(board)
    expect(b.received.map((r) => r.id)).toEqual([forwarded.id])
    board.reply(b.token, ok(forwarded.id, '{"from":"b"}'))
    // The departed tab's reply, posted just before it closed, arrives late: the first answer stands.
    expect(board.reply(a.token, ok(forwarded.id, '{"from":"a"}'))).toBe('unknown')
    await vi.advanceTimersByTimeAsync(0)
    expect(seen).toEqual([{ kind: 'answered', reply: ok(forwarded.id, '{"from":"b"}') }])
  })

  it("takes the departed tab's reply when it comes first, and the successor's is then refused", async () => {
    const a = tab(board)
    const forwarded = request()
    const seen = track(board.forward(forwarded, null))
    board.disconnect(a.token)
    const b = tab(board)
    expect(board.reply(a.token, ok(forwarded.id, '{"from":"a"}'))).toBe('accepted')
    expect(board.reply(b.token, ok(forwarded.id, '{"from":"b"}'))).toBe('unknown')
    await vi.advanceTimersByTimeAsync(0)
    expect(seen).toEqual([{ kind: 'answered', reply: ok(forwarded.id, '{"from":"a"}') }])
  })

  it('answers not_open when no tab takes over within the hand-over window', async () => {
    const a = tab(board)
    const inFlight = track(board.forward(request(), null))
    board.disconnect(a.token)
    await vi.advanceTimersByTimeAsync(1000)
    const arrivedLater = track(board.forward(request(), null))
    await vi.advanceTimersByTimeAsync(1999)
    expect([...inFlight, ...arrivedLater]).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(inFlight).toEqual([{ kind: 'not_open' }])
    expect(arrivedLater).toEqual([{ kind: 'not_open' }])
    // Once the window has passed, a request is refused at once.
    const afterwards = track(board.forward(request(), null))
    await vi.advanceTimersByTimeAsync(0)
    expect(afterwards).toEqual([{ kind: 'not_open' }])
  })

  it('sends a request to the tab that holds its key, even when another tab connected later', () => {
    const holder = tab(board)
    const newer = tab(board)
    board.hint(holder.token, ['abcd'])
    const forwarded = request()
    track(board.forward(forwarded, 'abcd'))
    expect(holder.received).toEqual([forwarded])
    expect(newer.received).toEqual([])
    track(board.forward(request(), 'zzzz'))
    expect(newer.received).toHaveLength(1)
  })

  it('asks the next tab when one answers that its database does not know the key, and settles once', async () => {
    const older = tab(board)
    const newer = tab(board)
    const forwarded = request()
    const seen = track(board.forward(forwarded, 'abcd'))
    expect(newer.received).toEqual([forwarded])
    board.reply(newer.token, unknownKey(forwarded.id))
    expect(older.received).toEqual([forwarded])
    board.reply(older.token, ok(forwarded.id))
    await vi.advanceTimersByTimeAsync(0)
    expect(seen).toEqual([{ kind: 'answered', reply: ok(forwarded.id) }])
  })

  it('gives the unknown-key answer when no tab knows the key', async () => {
    const a = tab(board)
    const b = tab(board)
    const forwarded = request()
    const seen = track(board.forward(forwarded, 'abcd'))
    board.reply(b.token, unknownKey(forwarded.id))
    board.reply(a.token, unknownKey(forwarded.id))
    await vi.advanceTimersByTimeAsync(0)
    expect(seen).toEqual([{ kind: 'answered', reply: unknownKey(forwarded.id) }])
  })

  it("keeps a request for a departed tab's key for its successor instead of a tab that cannot know it", async () => {
    const other = tab(board)
    const leader = tab(board)
    board.hint(leader.token, ['abcd'])
    board.disconnect(leader.token)
    const forwarded = request()
    const seen = track(board.forward(forwarded, 'abcd'))
    expect(other.received).toEqual([])
    const successor = tab(board)
    // The successor has not said which keys it holds yet: the request waits for that.
    expect(successor.received).toEqual([])
    board.hint(successor.token, ['abcd'])
    expect(successor.received).toEqual([forwarded])
    board.reply(successor.token, ok(forwarded.id))
    await vi.advanceTimersByTimeAsync(0)
    expect(seen).toEqual([{ kind: 'answered', reply: ok(forwarded.id) }])
  })

  it('falls back to the tabs still connected once the hand-over window passes without a successor', async () => {
    const other = tab(board)
    const leader = tab(board)
    board.hint(leader.token, ['abcd'])
    board.disconnect(leader.token)
    const forwarded = request()
    track(board.forward(forwarded, 'abcd'))
    await vi.advanceTimersByTimeAsync(3000)
    expect(other.received).toEqual([forwarded])
  })

  it('treats a stream that cannot be written as a departed tab', async () => {
    board.connect(() => {
      throw new Error('stream closed')
    })
    const seen = track(board.forward(request(), null))
    expect(board.connected).toBe(0)
    await vi.advanceTimersByTimeAsync(3000)
    expect(seen).toEqual([{ kind: 'not_open' }])
  })

  it('reports a tab that could not run the request as failed', async () => {
    const a = tab(board)
    const forwarded = request()
    const seen = track(board.forward(forwarded, null))
    board.reply(a.token, { id: forwarded.id, failure: 'TypeError: boom' })
    await vi.advanceTimersByTimeAsync(0)
    expect(seen).toEqual([{ kind: 'failed', failure: 'TypeError: boom' }])
  })
})
