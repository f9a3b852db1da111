// One facts write under way, and the comparison that decides whether a stored value changed: what observe.ts and
// remote-addresses.ts both work on.
import type { listings } from '@mcp-directory/shared/db'
import type { SkillsChange, ToolsChange } from '@mcp-directory/shared/contracts'

export type Row = typeof listings.$inferSelect

/** One facts write under way: the row as it was, what to set, the public fields that changed. */
export interface Write {
  row: Row
  at: Date
  set: Partial<typeof listings.$inferInsert>
  changed: string[]
  /** The tool list's change, when its hash moved. */
  toolsChange?: ToolsChange
  /** The skills' change, when their hash moved (a file's digest, a skill added or removed). */
  skillsChange?: SkillsChange
}

// jsonb stores object keys in its own order, so values are compared with their keys sorted.
const canonical = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(canonical)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([k, x]) => [k, canonical(x)]),
        )
      : v
export const sameJson = (a: unknown, b: unknown) =>
  JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null))
