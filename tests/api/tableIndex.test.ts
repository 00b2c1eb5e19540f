import { describe, expect, it } from 'vitest'
import { TableIndex } from '../../src/api/store/tableIndex.ts'

const held = (index: TableIndex, key: string) => {
  const primaries = index.primaryKeys(key)
  return primaries === undefined ? [] : typeof primaries === 'string' ? [primaries] : [...primaries].sort()
}

describe('a memory-store index', () => {
  it('holds one primary key as the string itself, and a set only once an index key holds two', () => {
    const index = new TableIndex('byProject', { keyPath: 'projectId', unique: false })
    index.move('key_1', undefined, { projectId: 'prj_a' })
    expect(index.primaryKeys('prj_a')).toBe('key_1')
    index.move('key_2', undefined, { projectId: 'prj_a' })
    expect(index.primaryKeys('prj_a')).toBeInstanceOf(Set)
    expect(held(index, 'prj_a')).toEqual(['key_1', 'key_2'])
    // Back to one: the string again, whichever of the two left.
    index.move('key_1', { projectId: 'prj_a' }, { projectId: 'prj_b' })
    expect(index.primaryKeys('prj_a')).toBe('key_2')
    expect(index.primaryKeys('prj_b')).toBe('key_1')
    index.move('key_2', { projectId: 'prj_a' }, undefined)
    expect(index.primaryKeys('prj_a')).toBeUndefined()
  })

  it('changes nothing when a write keeps the record under the same index key, or adds a primary key it already holds', () => {
    const index = new TableIndex('byHash', { keyPath: 'hash', unique: true })
    index.move('key_1', undefined, { hash: 'h1' })
    index.move('key_1', { hash: 'h1' }, { hash: 'h1', label: 'renamed' })
    expect(index.primaryKeys('h1')).toBe('key_1')
    index.move('key_1', undefined, { hash: 'h1' })
    expect(index.primaryKeys('h1')).toBe('key_1')
  })

  it('leaves a record without a valid key at the key path out, as IndexedDB does', () => {
    const index = new TableIndex('byHash', { keyPath: 'hash', unique: true })
    index.move('key_1', undefined, { hash: null })
    index.move('key_2', undefined, {})
    expect(held(index, 'null')).toEqual([])
    index.move('key_2', {}, { hash: 'h2' })
    expect(index.primaryKeys('h2')).toBe('key_2')
  })

  it('says whether a record other than a given one is under an index key, one or several held', () => {
    const index = new TableIndex('byProject', { keyPath: 'projectId', unique: false })
    expect(index.holdsOtherThan('prj_a', 'key_1')).toBe(false)
    index.move('key_1', undefined, { projectId: 'prj_a' })
    expect(index.holdsOtherThan('prj_a', 'key_1')).toBe(false)
    expect(index.holdsOtherThan('prj_a', 'key_2')).toBe(true)
    index.move('key_2', undefined, { projectId: 'prj_a' })
    expect(index.holdsOtherThan('prj_a', 'key_1')).toBe(true)
  })

  it('removing a primary key the index key does not hold changes nothing', () => {
    const index = new TableIndex('byProject', { keyPath: 'projectId', unique: false })
    index.move('key_1', undefined, { projectId: 'prj_a' })
    index.move('key_9', { projectId: 'prj_a' }, undefined)
    expect(index.primaryKeys('prj_a')).toBe('key_1')
  })
})
