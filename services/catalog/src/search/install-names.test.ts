import { describe, expect, test } from 'bun:test'
import { distinctNames, InstallNames, installQualifier, qualified } from './install-names'

const none = () => [] as string[]

describe('install names', () => {
  test('the first added keeps a shared name; the others are qualified; a same-server twin keeps it too', () => {
    const names = new InstallNames()
    names.set('b', { base: 'postgres', qualifier: 'acme', addedAt: 2 })
    names.set('a', { base: 'postgres', qualifier: 'alice', addedAt: 1 })
    names.set('c', { base: 'postgres', qualifier: 'bob', addedAt: 2 })
    expect(names.nameOf('a', none)).toEqual({ name: 'postgres', own: true })
    expect(names.nameOf('b', none)).toEqual({ name: 'postgres-acme', own: false })
    expect(names.nameOf('c', none)).toEqual({ name: 'postgres-bob', own: false })
    expect(names.nameOf('c', () => ['a'])).toEqual({ name: 'postgres', own: true })
    // Same time: the smaller id; gone: the next holds it.
    names.remove('a')
    expect(names.nameOf('b', none)).toEqual({ name: 'postgres', own: true })
    expect(names.nameOf('c', none)?.name).toBe('postgres-bob')
    // A renamed listing leaves its old group.
    names.set('b', { base: 'pg', qualifier: 'acme', addedAt: 2 })
    expect(names.nameOf('c', none)).toEqual({ name: 'postgres', own: true })
  })

  test("one answer's names are distinct; an own name is never the one renamed", () => {
    expect(
      distinctNames([
        { name: 'postgres-acme', own: false },
        { name: 'postgres-acme', own: false },
        { name: 'postgres-acme', own: true },
        { name: 'postgres', own: true },
        { name: 'postgres', own: true },
      ]),
    ).toEqual(['postgres-acme-2', 'postgres-acme-3', 'postgres-acme', 'postgres', 'postgres-2'])
  })

  test('the qualifier: publisher label, else owner by namespace, scope or repository, else id; within 64', () => {
    const l = { id: 'x-1', name: 'postgres', repositoryUrl: null }
    expect(installQualifier(l, { kind: 'domain', id: 'mail.acme.co.uk' })).toBe('acme')
    expect(installQualifier(l, { kind: 'github', id: 'Alice' })).toBe('alice')
    expect(installQualifier(l, { kind: 'npm', id: '@acme' })).toBe('acme')
    expect(installQualifier({ ...l, name: 'io.github.bob/postgres' }, { kind: 'unknown', id: null })).toBe('bob')
    expect(installQualifier({ ...l, name: '@carol/postgres' }, null)).toBe('carol')
    expect(installQualifier({ ...l, repositoryUrl: 'https://gitlab.com/Dave/pg' }, null)).toBe('dave')
    expect(installQualifier(l, null)).toBe('x-1')
    const long = qualified('a'.repeat(64), 'acme')
    expect(long).toHaveLength(64)
    expect(long.endsWith('-acme')).toBe(true)
  })
})
