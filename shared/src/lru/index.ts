/** A map that keeps at most `max` entries, forgetting the least recently used first. */
export class Lru<K, V> {
  private readonly map = new Map<K, V>()

  constructor(private readonly max: number) {}

  get size(): number {
    return this.map.size
  }

  get(key: K): V | undefined {
    const value = this.map.get(key)
    // Read again: now the most recently used (a Map iterates in insertion order).
    if (value !== undefined) {
      this.map.delete(key)
      this.map.set(key, value)
    }
    return value
  }

  /** Stores a value and gives it back. */
  set(key: K, value: V): V {
    this.map.delete(key)
    this.map.set(key, value)
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K)
    return value
  }

  clear(): void {
    this.map.clear()
  }
}
