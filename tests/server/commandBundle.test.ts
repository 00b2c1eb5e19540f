import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { BIN } from './support/paths.ts'

describe("the command's JavaScript", () => {
  it('loads as one module: no import of a file of ours, only of Node and of packages', () => {
    const source = readFileSync(BIN, 'utf8')
    const specifiers = [...source.matchAll(/^import\s[^'"]*['"]([^'"]+)['"]/gm)].map((match) => match[1] as string)
    expect(specifiers.length).toBeGreaterThan(0)
    expect(specifiers.filter((specifier) => specifier.startsWith('.'))).toEqual([])
    expect(source.startsWith('#!/usr/bin/env node\n')).toBe(true)
  })
})
