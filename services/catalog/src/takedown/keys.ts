// What operators took down, as an import's plan checks each entry against it (no I/O).
import type { IdentityKeys } from './repository'

/** One takedown's keys and the operator's reason. */
export type TakedownKeys = IdentityKeys & { reason: string }

/** Takedowns by name skeleton and by address (a repository or address key matches either of an entry's). */
export class TakenDown {
  private readonly byKey = new Map<string, string>()

  constructor(downs: TakedownKeys[] = []) {
    for (const d of downs) {
      this.byKey.set(`name:${d.nameSkeleton}`, d.reason)
      for (const k of [d.repositoryKey, d.urlKey]) if (k) this.byKey.set(`address:${k}`, d.reason)
    }
  }

  /** The operator's reason when an entry of this name skeleton, repository or address was taken down. */
  reasonOf(keys: IdentityKeys): string | undefined {
    const addresses = [keys.repositoryKey, keys.urlKey].flatMap((k) => (k ? [`address:${k}`] : []))
    for (const k of [`name:${keys.nameSkeleton}`, ...addresses]) {
      const reason = this.byKey.get(k)
      if (reason !== undefined) return reason
    }
    return undefined
  }
}
