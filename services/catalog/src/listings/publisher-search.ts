/** What search reads of a listing's publisher (the engine's `PublisherFacts`), judged as its card judges it. */
import type { PublisherFacts } from '../text/engine/document'
import { identitiesOf, type PublisherInput, publisherKeysOf, publisherLabel } from './publisher-identity'
import { isOwnSubject, keyForms, subjectWords } from './publisher-subject'

/**
 * What search reads of a listing's publisher: the keys a query may name it by (its own servers only), whether it is
 * a proven publisher's own, whether it is a copy another publisher hosts of a repository that is not theirs, and the
 * publisher's flagship it is one listing of.
 */
export function publisherSearchFacts(l: PublisherInput): PublisherFacts {
  const identities = identitiesOf(l)
  const keys = publisherKeysOf(identities)
  const own = isOwnSubject(subjectWords(l.name, l.title ?? null), keys)
  const main = identities[0]
  const verified = !!main?.evidence.some((e) => e.proves)
  const account = identities.find((i) => i.kind === 'github' && i.evidence.some((e) => e.kind === 'repository'))
  const mainForms = main ? keyForms(publisherLabel(main.kind, main.id)) : []
  const copy =
    !!main &&
    main.kind === 'domain' &&
    verified &&
    !!account &&
    !keyForms(account.id).some((k) => mainForms.includes(k))
  return { keys: own ? keys : [], ownVerified: own && verified, copy, flagship: verified ? flagshipOf(l, keys) : null }
}

/** The key of a listing about nothing but its publisher (its subject words all name the publisher), else null. */
function flagshipOf(l: PublisherInput, keys: string[]): string | null {
  const subject = subjectWords(l.name, l.title ?? null).map((w) => w.replace(/[^a-z0-9]/g, ''))
  if (subject.some((w) => !keys.includes(w))) return null
  // The shortest form names the company (notion, not makenotion or notionhq), the same for each of its listings.
  const named = subject.length ? subject : keys
  return [...named].sort((a, b) => a.length - b.length || (a < b ? -1 : 1))[0] ?? null
}
