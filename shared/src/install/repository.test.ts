import { describe, expect, test } from 'bun:test'
import { repositoryKey, sameRepository } from './repository'

describe('repositoryKey', () => {
  test('every spelling of one GitHub repository has one key', () => {
    const spellings = [
      'https://github.com/Acme/Thing',
      'http://www.github.com/acme/thing/',
      'https://github.com./acme/thing',
      'git+https://github.com/acme/thing.git',
      'git://github.com/acme/thing.git',
      'ssh://git@github.com/acme/thing.git',
      'git@github.com:acme/thing.git',
      'github:acme/thing',
      'acme/thing',
      'https://github.com/acme/thing/tree/main/src/server',
      'https://github.com/acme/thing/blob/main/README.md',
      'https://github.com/acme/thing?tab=readme-ov-file#install',
      'https://github.com/acme%2Fthing',
      'https://github.com//acme//thing//',
      '//github.com/acme/thing',
    ]
    for (const s of spellings) expect([s, repositoryKey(s)]).toEqual([s, 'github.com/acme/thing'])
  })

  test('other hosts keep their whole repository path; GitLab groups included', () => {
    expect(repositoryKey('https://gitlab.com/group/sub/project/-/tree/main')).toBe('gitlab.com/group/sub/project')
    expect(repositoryKey('gitlab:group/project')).toBe('gitlab.com/group/project')
    expect(repositoryKey('https://bitbucket.org/acme/thing/src/main/')).toBe('bitbucket.org/acme/thing')
  })

  test('addresses that name no repository are null', () => {
    for (const s of [
      null,
      undefined,
      '',
      'https://github.com',
      'https://github.com/acme',
      'https://example.com',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://github.com/acme/..',
      'https://github.com/acme/%2e%2e',
      'not a url',
      'https://localhost/acme/thing',
    ]) {
      expect(repositoryKey(s)).toBeNull()
    }
  })

  test('a repository is not the same as one that only shares a prefix, or the same path elsewhere', () => {
    expect(sameRepository('https://github.com/acme/thing', 'https://github.com/acme/thing-evil')).toBe(false)
    expect(sameRepository('https://github.com/acme/thing', 'https://gitlab.com/acme/thing')).toBe(false)
    expect(sameRepository('https://github.com/acme/thing', 'https://github.com/acme/thing.git')).toBe(true)
    expect(sameRepository(null, null)).toBe(false)
  })
})
