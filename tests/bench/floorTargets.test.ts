import { describe, expect, it } from 'vitest'
import { FIGURES, type Results, verdict } from '../../bench/lib/targets.ts'

const empty = (): Results => ({ browser: {}, node: {}, validator: {}, bundle: {}, storage: {}, http: {}, team: {}, embeds: {} })

function judge(figure: string, sections: Partial<Results>): string {
  const entry = FIGURES.find((candidate) => candidate.figure === figure)
  if (!entry) throw new Error(`no figure ${figure}`)
  return verdict({ ...empty(), ...sections }, entry)
}

describe('the bench targets held against floors measured in the same run', () => {
  it("judges serve's first answer against the bare node:http start plus 50 ms", () => {
    expect(judge('http.serveFirstAnswerMs', { http: { serveFirstAnswerMs: 114, serveFirstAnswerFloorMs: 64 } })).toBe('pass')
    expect(judge('http.serveFirstAnswerMs', { http: { serveFirstAnswerMs: 155, serveFirstAnswerFloorMs: 64 } })).toBe('miss')
    expect(judge('http.serveFirstAnswerMs', { http: { serveFirstAnswerMs: 155 } })).toBe('miss')
  })

  it('judges the cold API answer against one React component starting the same runtime plus 25 ms, not the runtime alone', () => {
    const browser = { coldApiReadyReactFloorMs: 210, coldApiReadyRuntimeOnlyMs: 159 }
    expect(judge('browser.coldApiReadyMs', { browser: { ...browser, coldApiReadyMs: 230 } })).toBe('pass')
    expect(judge('browser.coldApiReadyMs', { browser: { ...browser, coldApiReadyMs: 247 } })).toBe('miss')
  })

  it('judges typing against the bare Monaco page typed the same way: p95 within 4 ms of it, no more long tasks than it', () => {
    const floor = { typingLatencyMonacoFloorP95Ms: 12.4, typingLongTasksMonacoFloor: 1 }
    expect(judge('browser.typingLatencyP95Ms', { browser: { ...floor, typingLatencyP95Ms: 16.4 } })).toBe('pass')
    expect(judge('browser.typingLatencyP95Ms', { browser: { ...floor, typingLatencyP95Ms: 16.5 } })).toBe('miss')
    expect(judge('browser.typingLatencyP95Ms', { browser: { typingLatencyP95Ms: 10 } })).toBe('miss')
    expect(judge('browser.typingLongTasks', { browser: { ...floor, typingLongTasks: 1 } })).toBe('pass')
    expect(judge('browser.typingLongTasks', { browser: { ...floor, typingLongTasks: 2 } })).toBe('miss')
    expect(judge('browser.typingLongTasks', { browser: { typingLongTasks: 0 } })).toBe('miss')
  })

  it("judges eight workspaces' gain against 0.8 of the bare objects' gain, not an absolute", () => {
    expect(judge('team.aggregateRps8', { team: { aggregateRps8: 0.925, bareAggregateRps8: 0.972 } })).toBe('pass')
    expect(judge('team.aggregateRps8', { team: { aggregateRps8: 0.7, bareAggregateRps8: 0.972 } })).toBe('miss')
  })

  it('judges one workspace against the bare object at 0.6, and its absolute rate not at all', () => {
    expect(judge('team.workspaceOverBare', { team: { workspaceOverBare: 0.79 } })).toBe('pass')
    expect(judge('team.workspaceOverBare', { team: { workspaceOverBare: 0.55 } })).toBe('miss')
    expect(judge('team.workspaceRpsParallel', { team: { workspaceRpsParallel: 900 } })).toBe('n/a')
  })
})
