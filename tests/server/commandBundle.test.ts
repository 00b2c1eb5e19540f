import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BIN } from './support/paths.ts'

/** The modules a file imports statically and dynamically, as written in its JavaScript. */
const importsOf = (source: string) => [
  ...[...source.matchAll(/^import\s[^'"]*['"]([^'"]+)['"]/gm)].map((match) => match[1] as string),
  ...[...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((match) => match[1] as string),
]

describe("the command's JavaScript", () => {
  it('loads as one module: no import of a file of ours, only of Node and of packages', () => {
    const source = readFileSync(join(BIN, '../command.js'), 'utf8')
    const specifiers = importsOf(source)
    expect(specifiers.length).toBeGreaterThan(0)
    expect(specifiers.filter((specifier) => specifier.startsWith('.'))).toEqual([])
  })

  it('starts from a launcher that turns the compile cache on before it loads that module', () => {
    const source = readFileSync(BIN, 'utf8')
    expect(source.startsWith('#!/usr/bin/env node\n')).toBe(true)
    expect(importsOf(source)).toEqual(['node:module', './command.js'])
    expect(source.indexOf('enableCompileCache()')).toBeLessThan(source.indexOf("import('./command.js')"))
  })
})
