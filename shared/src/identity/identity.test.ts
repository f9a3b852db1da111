import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import CONFUSABLES from 'unhomoglyph/data.json'
import {
  addressKey,
  imitatedCodeHost,
  invisibleCharacters,
  nameSkeleton,
  normalizeAddress,
  normalizeSubfolder,
} from '.'

const DATA = CONFUSABLES as Record<string, string>
const cp = (s: string) => [...s].map((c) => c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')).join(' ')

describe('the confusables data', () => {
  test("is Unicode TR39's confusables.txt: its size and its known mappings for Cyrillic, Greek and fullwidth letters", () => {
    // confusables.txt 13.0.0 has 6,311 mappings; a hand list would have a few dozen.
    expect(Object.keys(DATA).length).toBeGreaterThan(6000)
    const known: [string, string][] = [
      ['\u0456', '0069'], // CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I → i
      ['\u0430', '0061'], // CYRILLIC SMALL LETTER A → a
      ['\u0441', '0063'], // CYRILLIC SMALL LETTER ES → c
      ['\u0440', '0070'], // CYRILLIC SMALL LETTER ER → p
      ['\u03bf', '006F'], // GREEK SMALL LETTER OMICRON → o
      ['\u0391', '0041'], // GREEK CAPITAL LETTER ALPHA → A
      ['\uff47', '0067'], // FULLWIDTH LATIN SMALL LETTER G → g
      ['\uff2d', '004D'], // FULLWIDTH LATIN CAPITAL LETTER M → M
      ['m', '0072 006E'], // m → rn
      ['\u2212', '002D'], // MINUS SIGN → hyphen-minus
    ]
    for (const [from, to] of known) expect(cp(DATA[from])).toBe(to)
  })
})

describe('nameSkeleton', () => {
  const skel = nameSkeleton('github-mcp-server')

  test.each([
    ['upper case', 'GitHub-MCP-Server'],
    ['a zero-width joiner', 'github\u200d-mcp-server'],
    ['a zero-width space and a soft hyphen', 'git\u200bhub-mcp\u00ad-server'],
    ['a Cyrillic і', 'g\u0456thub-mcp-server'],
    ['Cyrillic а, е, о, р, с', 'github-m\u0441\u0440-s\u0435rver'],
    ['a Greek omicron and iota', 'g\u03b9thub-mcp-server'],
    [
      'fullwidth letters',
      '\uff47\uff49\uff54\uff48\uff55\uff42\uff0d\uff4d\uff43\uff50\uff0d\uff53\uff45\uff52\uff56\uff45\uff52',
    ],
    ['an RTL override', '\u202egithub-mcp-server\u202c'],
    ['an RTL isolate', '\u2067github-mcp-server\u2069'],
    ['rn for m', 'github-rncp-server'],
  ])('%s: same skeleton as github-mcp-server', (_, name) => {
    expect(nameSkeleton(name)).toBe(skel)
  })

  test('another name keeps another skeleton', () => {
    expect(nameSkeleton('github-mcp-server-tools')).not.toBe(skel)
    expect(nameSkeleton('gitlab-mcp-server')).not.toBe(skel)
  })

  test('property: the skeleton of a skeleton is itself', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), fc.string()), (s) => {
        const k = nameSkeleton(s)
        expect(nameSkeleton(k)).toBe(k)
      }),
      { numRuns: 3000 },
    )
  })

  // Every single-character confusable of each lower-case ASCII letter and digit, from the data itself: those
  // that are lower case and that NFKC leaves alone (NFKC and case folding come first, so `ℐ` is read as I → i,
  // not as the l that TR39 likens it to).
  const lookalikes = new Map<string, string[]>()
  for (const [from, to] of Object.entries(DATA)) {
    if (
      /^[a-z0-9]$/.test(to) &&
      [...from].length === 1 &&
      from.toLowerCase() === from &&
      from.normalize('NFKC') === from
    )
      lookalikes.set(to, [...(lookalikes.get(to) ?? []), from])
  }
  test('the generator has lookalikes for most letters', () => {
    expect(lookalikes.size).toBeGreaterThan(25)
  })
  const HIDDEN = [
    '\u200b',
    '\u200c',
    '\u200d',
    '\u2060',
    '\ufeff',
    '\u00ad',
    '\u202e',
    '\u202d',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\u200e',
    '\u200f',
    '\u061c',
    '\ufe0f',
  ]
  const disguise = (ch: string, how: number) => {
    switch (how) {
      case 0:
        return ch.toUpperCase()
      case 1: // fullwidth form
        return /[!-~]/.test(ch) ? String.fromCodePoint(ch.codePointAt(0)! + 0xfee0) : ch
      case 2: {
        const alts = lookalikes.get(ch.toLowerCase()) ?? [ch]
        return alts[ch.charCodeAt(0) % alts.length]
      }
      case 3:
        return `${HIDDEN[ch.charCodeAt(0) % HIDDEN.length]}${ch}`
      default:
        return ch
    }
  }

  test('property: lookalikes built from a name (case, fullwidth, TR39 confusables, invisible characters) share its skeleton', () => {
    const name = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,30}$/)
    fc.assert(
      fc.property(name, fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 32, maxLength: 32 }), (n, hows) => {
        const disguised = [...n].map((ch, i) => disguise(ch, hows[i])).join('')
        expect(nameSkeleton(disguised)).toBe(nameSkeleton(n))
      }),
      { numRuns: 3000 },
    )
  })
})

describe('invisibleCharacters', () => {
  test('finds bidi controls and default-ignorables with their code points', () => {
    expect(invisibleCharacters('github\u200d-mcp')).toEqual([{ codePoint: 'U+200D', index: 6 }])
    expect(invisibleCharacters('\u202egithub').map((c) => c.codePoint)).toEqual(['U+202E'])
    expect(invisibleCharacters('a\u2066b\u2069c\u200bd\u00ade\u061c').map((c) => c.codePoint)).toEqual([
      'U+2066',
      'U+2069',
      'U+200B',
      'U+00AD',
      'U+061C',
    ])
    expect(invisibleCharacters('ordinary name – with ünïcödé and 日本語')).toEqual([])
  })
})

describe('normalizeAddress', () => {
  const KEY = 'github.com/github/github-mcp-server'
  test.each([
    'https://github.com/github/github-mcp-server',
    'http://github.com/github/github-mcp-server',
    'https://github.com/github/github-mcp-server?tab=readme',
    'https://github.com/github/github-mcp-server#readme',
    'https://github.com/github/github-mcp-server/tree/main',
    'https://github.com/github/github-mcp-server/tree/v1.2.3/',
    'https://github.com/github/github-mcp-server/blob/main/README.md',
    'https://github.com/github/github-mcp-server/issues',
    'https://github.com./github/github-mcp-server',
    'https://github.com../github/github-mcp-server/',
    'https://github.com/github%2Fgithub-mcp-server',
    'https://github.com/github%2fgithub%2Dmcp%2Dserver',
    'https://github.com//github//github-mcp-server',
    'https:////github.com/github/github-mcp-server',
    '//github.com/github/github-mcp-server',
    'https://github.com/github/github-mcp-server.git',
    'https://github.com/github/github-mcp-server.git/',
    'HTTPS://GITHUB.COM/GITHUB/GITHUB-MCP-SERVER',
    'https://www.github.com/github/github-mcp-server',
    'https://WWW.GitHub.com:443/GitHub/GitHub-MCP-Server/',
    'https://user:pw@github.com/github/github-mcp-server',
    'git@github.com:github/github-mcp-server.git',
    'git+https://github.com/github/github-mcp-server.git',
    'ssh://git@github.com/github/github-mcp-server',
    'github.com/github/github-mcp-server',
  ])('%s → the one key', (url) => {
    expect(addressKey(url)).toBe(KEY)
  })

  test('the folder after the ref is the subfolder (a blob names a file: its folder counts); a given subfolder wins', () => {
    expect(addressKey('https://github.com/o/r/tree/main/src/Server/')).toBe('github.com/o/r#src/server')
    expect(addressKey('https://github.com/o/r/blob/main/src/server/index.ts')).toBe('github.com/o/r#src/server')
    expect(addressKey('https://github.com/o/r/tree/main/src%2Fserver')).toBe('github.com/o/r#src/server')
    expect(addressKey('https://github.com/o/r', './src/server/')).toBe('github.com/o/r#src/server')
    expect(addressKey('https://github.com/o/r/tree/main/other', 'src/server')).toBe('github.com/o/r#src/server')
    expect(addressKey('https://gitlab.com/group/sub/proj/-/tree/main/pkg')).toBe('gitlab.com/group/sub/proj#pkg')
    expect(addressKey('https://bitbucket.org/o/r/src/main/pkg/')).toBe('bitbucket.org/o/r#pkg')
    expect(addressKey('https://codeberg.org/o/r/src/branch/main/pkg')).toBe('codeberg.org/o/r#pkg')
    expect(normalizeSubfolder('/')).toBeNull()
  })

  test('a code-host address that names no repository is told apart; websites keep their path', () => {
    expect(normalizeAddress('https://github.com/octocat')).toMatchObject({ codeHost: true, repository: false })
    expect(normalizeAddress('https://github.com/github/github-mcp-server%E2%80%8D')).toMatchObject({
      codeHost: true,
      repository: false,
    })
    expect(normalizeAddress('https://Example.COM:8443/Docs/Page/?x=1#intro')).toMatchObject({
      codeHost: false,
      key: 'example.com:8443/docs/page',
    })
    expect(addressKey('https://www.example.com/')).toBe('example.com')
    expect(addressKey('ftp://example.com/x')).toBeNull()
    expect(addressKey('not a url')).toBeNull()
    expect(addressKey('__proto__')).toBe('__proto__')
    expect(addressKey('https://constructor/x')).toBe('constructor/x')
  })

  test('a host that imitates a code host is told apart from it', () => {
    expect(imitatedCodeHost('https://g\u0456thub.com/github/github-mcp-server')).toBe('github.com')
    expect(imitatedCodeHost('https://github.corn/github/github-mcp-server')).toBe('github.com')
    expect(imitatedCodeHost('https://gitlab.c\u043em/g/p')).toBe('gitlab.com')
    expect(imitatedCodeHost('https://www.github.com./github/github-mcp-server')).toBeNull()
    expect(imitatedCodeHost('https://example.com/github')).toBeNull()
    expect(imitatedCodeHost('https://githubusercontent.com/x')).toBeNull()
  })

  const ownerChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''))
  const owner = fc.array(ownerChar, { minLength: 1, maxLength: 20 }).map((a) => a.join(''))
  const repo = fc
    .array(fc.oneof(ownerChar, fc.constantFrom('-', '_', '.')), { minLength: 1, maxLength: 30 })
    .map((a) => a.join(''))
    // GitHub drops a trailing dot and reads `.wiki` as the repository's wiki: neither ends a plain name.
    .filter((r) => !/\.git$/i.test(r) && !/\.wiki$/i.test(r) && !/\.$/.test(r))
  const folder = fc.array(fc.stringMatching(/^[a-z0-9_-]{1,12}$/), { maxLength: 3 })
  const variant = fc.record({
    scheme: fc.constantFrom('https://', 'http://', 'HTTPS://', '//', 'git+https://', ''),
    www: fc.boolean(),
    dots: fc.integer({ min: 0, max: 2 }),
    upper: fc.boolean(),
    slashes: fc.integer({ min: 1, max: 3 }),
    encodedSlash: fc.boolean(),
    git: fc.boolean(),
    trailing: fc.integer({ min: 0, max: 2 }),
    tree: fc.constantFrom('', 'tree', 'blob'),
    ref: fc.constantFrom('main', 'v1.0.0', 'HEAD'),
    query: fc.constantFrom('', '?tab=readme', '?a=1&b=2'),
    fragment: fc.constantFrom('', '#readme', '#L10'),
  })

  test('property: every spelling of a repository (+ folder) has the key of its plain form', () => {
    fc.assert(
      fc.property(owner, repo, folder, variant, (o, r, dirs, v) => {
        const host = `${v.www ? 'www.' : ''}github.com${'.'.repeat(v.dots)}`
        const sep = v.encodedSlash ? '%2F' : '/'.repeat(v.slashes)
        let path = `${o}${sep}${r}${v.git && !v.tree ? '.git' : ''}`
        // blob names a file: its folder is the subfolder.
        if (v.tree)
          path += `/${v.tree}/${v.ref}/${dirs.join('/'.repeat(v.slashes))}${v.tree === 'blob' ? '/README.md' : ''}`
        let url = `${v.scheme}${host}/${path}${'/'.repeat(v.trailing)}${v.query}${v.fragment}`
        if (v.upper) url = url.toUpperCase()
        const expected = `github.com/${o}/${r}`.toLowerCase() + (v.tree && dirs.length ? `#${dirs.join('/')}` : '')
        expect(addressKey(url)).toBe(expected)
        // The key read back as an address is the same place.
        expect(addressKey(`https://${expected.split('#')[0]}`, expected.split('#')[1])).toBe(expected)
      }),
      { numRuns: 5000 },
    )
  })

  test('property: any text is normalised without throwing, and a key is stable under re-normalisation of its address', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
          fc.string(),
          fc.string({ unit: 'binary' }),
        ),
        (s) => {
          const a = normalizeAddress(s)
          if (!a) return
          expect(normalizeAddress(`https://${a.host}/${a.path}`, a.subfolder)?.key).toBe(a.key)
        },
      ),
      { numRuns: 3000 },
    )
  })
})
