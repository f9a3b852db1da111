import { describe, expect, test } from 'bun:test'
import { Lru } from './index'

describe('a bounded map', () => {
  test('forgets the least recently used entry first', () => {
    const lru = new Lru<string, number>(2)
    lru.set('a', 1)
    lru.set('b', 2)
    expect(lru.get('a')).toBe(1)
    lru.set('c', 3)
    expect(lru.get('b')).toBeUndefined()
    expect(lru.get('a')).toBe(1)
    expect(lru.size).toBe(2)
  })
})
