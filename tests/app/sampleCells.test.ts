import { describe, expect, it } from 'vitest'
import type { PreviewColumn } from '../../src/app/editor/preview/previewBody.ts'
import { SAMPLE_ROWS, sampleCell, sampleText } from '../../src/app/editor/preview/sampleCells.ts'

const text = (name: string): PreviewColumn => ({ name, type: 'text' }) as PreviewColumn
const samples = (column: PreviewColumn) => Array.from({ length: SAMPLE_ROWS }, (_, row) => sampleText(sampleCell(column, row)))

describe('sample rows', () => {
  it('fill a text column with what its name says it holds', () => {
    expect(samples(text('Title'))).toContain('Middlemarch')
    expect(samples(text('Session'))).toContain('Signing webhooks')
    expect(samples(text('Habit'))).toContain('Drink water')
  })

  it('never give two different kinds of column the same rows', () => {
    const names = ['Title', 'Session', 'Habit', 'Task', 'Exercise', 'Meal', 'Notes', 'Author']
    const rows = names.map((name) => samples(text(name)).join('|'))
    expect(new Set(rows).size).toBe(names.length)
  })

  it('fall back to neutral entries for a name they do not know, the same on every call', () => {
    expect(samples(text('Zorp'))).toEqual(['First entry', 'Second entry', 'Third entry'])
    expect(samples(text('Zorp'))).toEqual(samples(text('Zorp')))
  })
})
