// Which part of the captured servers a package belongs to: "dev", the project's own judged set, or "holdout",
// kept for a check by someone who has not seen the dev queries. Fixed by the package name's hash alone, so a
// server captured later falls in a part without moving any other, and no one chooses.
import { createHash } from 'node:crypto'

export type Part = 'dev' | 'holdout'

export function partOf(pkg: string): Part {
  const first = createHash('sha256').update(`toolbench:${pkg}`).digest()[0]!
  return first < 128 ? 'dev' : 'holdout'
}
