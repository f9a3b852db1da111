// A server's listings are kept per server number in the store: what `alsoListedAs` reads must follow adds, moves to
// another repository and removals, through the compactions that renumber servers. Property-based against a model.
import { expect, test } from 'bun:test'
import fc from 'fast-check'
import { SearchIndex } from './index'
import { testDocument } from './test-documents'

const REPOS = ['github.com/a/one', 'github.com/a/two', 'github.com/b/three', null] as const

test('alsoListedAs names the other live listings of the same repository, through compactions', () => {
  const step = fc.record({ id: fc.integer({ min: 0, max: 40 }), repo: fc.constantFrom(...REPOS), remove: fc.boolean() })
  fc.assert(
    fc.property(fc.array(step, { minLength: 3000, maxLength: 4000 }), (steps) => {
      const index = new SearchIndex()
      const model = new Map<string, string | null>()
      for (const s of steps) {
        const id = `l${s.id}`
        if (s.remove) {
          index.remove(id)
          model.delete(id)
        } else {
          index.upsert(testDocument(id, id, 'a listing', { repositoryKey: s.repo, repositoryUrl: s.repo }))
          model.set(id, s.repo)
        }
      }
      for (const [id, repo] of model) {
        const others = repo === null ? [] : [...model].filter(([o, r]) => o !== id && r === repo).map(([o]) => o)
        expect(index.alsoListedAs(id)).toEqual(others.sort())
      }
    }),
    { numRuns: 15, endOnFailure: true },
  )
})
