import { describe, expect, it } from 'vitest'
import { refusalFailure } from '../../bench/lib/refusals.ts'

describe('the bench refusal guard', () => {
  it('passes a run whose measured responses were all 200', () => {
    expect(refusalFailure({ 'http.serve': 0, 'team.wake': 0 })).toBeNull()
  })

  it('fails a run where one slipped in, naming where', () => {
    expect(refusalFailure({ 'http.serve': 0, 'team.wake': 7455, worker: 1 })).toBe(
      'Failed to measure only 200s: 7456 measured responses were not 200 (team.wake 7455, worker 1); the figures would time refusals too',
    )
  })

  it('fails on a count that is not a number rather than pass it', () => {
    expect(refusalFailure({ 'team.wake': Number.NaN })).toMatch(/team\.wake NaN/)
  })
})
