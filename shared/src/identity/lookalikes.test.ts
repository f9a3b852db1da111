// Names refused by Unicode property, skeletons after NFKC and without combining marks, the repository aliases,
// and subfolders that count only when GitHub (a local stand-in speaking its REST API) says they exist.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import {
  checkedRepositoryAddress,
  describeRefusedName,
  githubFolderLookup,
  invisibleCharacters,
  isAllowedInIdentifier,
  nameSkeleton,
  normalizeAddress,
  refusedNameCharacters,
} from '.'

const reasons = (name: string) => refusedNameCharacters(name).map((c) => `${c.codePoint} ${c.reason}`)

// Every code point of the BMP and the first supplementary planes with a property, found by the property itself.
const codePointsWhere = (re: RegExp) => {
  const out: string[] = []
  for (let cp = 0; cp <= 0x2ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue
    const ch = String.fromCodePoint(cp)
    if (re.test(ch)) out.push(ch)
  }
  return out
}
const HIDDEN = codePointsWhere(/^[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Variation_Selector}]$/u)
const SPACES = codePointsWhere(/^\p{White_Space}$/u).filter((c) => c !== ' ')

describe('names refused by property', () => {
  test.each([
    ['a Braille blank suffix', 'zillow\u2800', 'U+2800 not_allowed'],
    ['a one-dot leader suffix', 'zillow\u2024', 'U+2024 not_allowed'],
    ['a variation selector', 'zillow\ufe0f', 'U+FE0F variation_selector'],
    ['a supplementary variation selector', 'zil\u{e0100}low', 'U+E0100 variation_selector'],
    ['a no-break space', 'zillow\u00a0mcp', 'U+00A0 white_space'],
    ['an ideographic space', 'zillow\u3000mcp', 'U+3000 white_space'],
    ['a line separator', 'zillow\u2028', 'U+2028 white_space'],
    ['a tab', 'zillow\tmcp', 'U+0009 white_space'],
    ['a zero-width joiner', 'zil\u200dlow', 'U+200D format'],
    ['an Arabic letter mark', 'zillow\u061c', 'U+061C format'],
    ['a Hangul filler', 'zillow\u3164', 'U+3164 invisible'],
    ['a combining grapheme joiner', 'zil\u034flow', 'U+034F invisible'],
    ['a tag character', 'zillow\u{e0041}', 'U+E0041 format'],
    ['an emoji', 'zillow \u{1f600}', 'U+1F600 not_allowed'],
    ['a mathematical letter', '\u{1d433}illow', 'U+1D433 not_allowed'],
    ['a control character', 'zillow\u0007', 'U+0007 not_allowed'],
  ])('%s is refused and named', (_, name, expected) => {
    expect(reasons(name)).toEqual([expected])
    expect(describeRefusedName(name)).toContain(expected.split(' ')[0])
  })

  test('ordinary names in any recommended script, with ASCII punctuation and plain spaces, are accepted', () => {
    for (const name of [
      'GitHub MCP Server',
      'io.github.github/github-mcp-server',
      'C++ tools (beta) @home',
      'café-crème',
      '日本語サーバー',
      'Сервер погоды',
      'خادم',
      'ελληνικά',
    ])
      expect({ name, refused: reasons(name) }).toEqual({ name, refused: [] })
  })

  test('property: every default-ignorable, format and variation-selector character is refused wherever it is put', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9][a-z0-9 -]{0,20}$/), fc.constantFrom(...HIDDEN), fc.nat(), (n, h, at) => {
        const i = at % (n.length + 1)
        const name = `${n.slice(0, i)}${h}${n.slice(i)}`
        const refused = refusedNameCharacters(name)
        expect(refused).toHaveLength(1)
        expect(refused[0].index).toBe(i)
        expect(invisibleCharacters(name)).toHaveLength(1)
      }),
      { numRuns: 2000 },
    )
  })

  test('property: every white space other than U+0020 is refused; U+0020 is not', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SPACES), (s) => {
        expect(reasons(`a${s}b`)).toEqual([
          `U+${s.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} white_space`,
        ])
      }),
    )
    expect(reasons('a b')).toEqual([])
  })

  test('property: an accepted name has an accepted skeleton-stable form, and no accepted character is invisible', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 12 }), (s) => {
        const refused = new Set(refusedNameCharacters(s).map((c) => c.index))
        let index = 0
        for (const ch of s) {
          if (!refused.has(index)) {
            expect(invisibleCharacters(ch)).toEqual([])
            expect(/^[\x20-\x7e]$/.test(ch) || isAllowedInIdentifier(ch)).toBe(true)
          }
          index += ch.length
        }
      }),
      { numRuns: 3000 },
    )
  })
})

describe('skeletons after NFKC and without combining marks', () => {
  test.each([
    ['a dotless ı with a combining dot', 'z\u0131\u0307llow'],
    ['a dotless ı alone', 'z\u0131llow'],
    ['an i with a combining acute', 'zi\u0301llow'],
    ['a precomposed ì', 'z\u00ecllow'],
    ['a variation selector', 'zillow\ufe0f'],
    ['fullwidth letters', '\uff5a\uff49\uff4c\uff4c\uff4f\uff57'],
    ['a zero-width space', 'zil\u200blow'],
  ])('%s: the skeleton of zillow', (_, name) => {
    expect(nameSkeleton(name)).toBe(nameSkeleton('zillow'))
  })

  test('a one-dot leader suffix is a full stop after NFKC: the skeleton of `zillow.`', () => {
    expect(nameSkeleton('zillow\u2024')).toBe(nameSkeleton('zillow.'))
  })

  test('property: dropping or adding combining marks never changes a skeleton', () => {
    const mark = fc.constantFrom('\u0300', '\u0301', '\u0307', '\u0308', '\u0323', '\u0338', '\u20d7')
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9-]{1,16}$/),
        fc.array(fc.tuple(fc.nat(), mark), { maxLength: 4 }),
        (n, ms) => {
          let s = n
          for (const [at, m] of ms) {
            const i = at % (s.length + 1)
            s = `${s.slice(0, i)}${m}${s.slice(i)}`
          }
          expect(nameSkeleton(s)).toBe(nameSkeleton(n))
        },
      ),
      { numRuns: 1000 },
    )
  })
})

describe('repository aliases', () => {
  const KEY = 'github.com/github/github-mcp-server'
  test.each([
    'https://raw.githubusercontent.com/github/github-mcp-server/main/README.md',
    'https://raw.githubusercontent.com/github/github-mcp-server/refs/heads/main/pkg/server.go',
    'https://codeload.github.com/github/github-mcp-server/zip/refs/heads/main',
    'https://codeload.github.com/github/github-mcp-server/tar.gz/v1.0.0',
    'https://api.github.com/repos/github/github-mcp-server',
    'https://github.com/github/github-mcp-server.wiki',
    'https://github.com/github/github-mcp-server.wiki.git',
    'https://github.com/github/github-mcp-server%2e',
    'https://github.com/github/github-mcp-server%2E%2e',
    'https://github.com/github/github-mcp-server./',
  ])('%s is the repository', (address) => {
    expect(normalizeAddress(address)).toMatchObject({ key: KEY, repository: true, subfolder: null })
  })

  test.each([
    'https://github.com/github/github-mcp-server/tree/main/y%2F..%2F..%2F..%2F..%2Fvictim%2Fpopular',
    'https://github.com/github/github-mcp-server/tree/main/y%5C..%5C..%5C..%5C..%5Cvictim%5Cpopular',
    'https://github.com/github/github-mcp-server/blob/main/a%2F..%2F..%2F..%2F..%2Fother%2Frepo/README.md',
  ])('%s is the repository it shows, never the one its encoded `..` climbs to', (address) => {
    const a = normalizeAddress(address)
    expect(a).toMatchObject({ path: 'github/github-mcp-server', repository: true })
    expect(a?.key.split('#')[0]).toBe(KEY)
  })

  test('an alias host without an owner and a name names no repository', () => {
    expect(normalizeAddress('https://raw.githubusercontent.com/github')?.repository).toBe(false)
    expect(normalizeAddress('https://api.github.com/users/github')?.repository).toBe(false)
  })
})

describe('subfolders checked with GitHub', () => {
  let github: ReturnType<typeof Bun.serve>
  const asked: string[] = []
  let failing = false
  beforeAll(() => {
    // A stand-in for the GitHub REST API's contents endpoint: one folder, one file, nothing else.
    github = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch(req) {
        const path = decodeURIComponent(new URL(req.url).pathname)
        asked.push(path)
        if (failing) return new Response('{"message":"API rate limit exceeded"}', { status: 403 })
        if (path === '/repos/github/github-mcp-server/contents/Pkg/Server')
          return Response.json([{ type: 'file', name: 'main.go', path: 'Pkg/Server/main.go' }])
        if (path === '/repos/github/github-mcp-server/contents/README.md')
          return Response.json({ type: 'file', name: 'README.md' })
        return Response.json({ message: 'Not Found' }, { status: 404 })
      },
    })
  })
  afterAll(() => github?.stop(true))
  const lookup = () =>
    githubFolderLookup({ apiUrl: `http://127.0.0.1:${github.port}`, token: null, userAgent: 'identity-test' })

  test('a folder GitHub lists stays a listing of its own, asked with its case as written', async () => {
    const a = await checkedRepositoryAddress(
      'https://github.com/github/github-mcp-server/tree/main/Pkg/Server',
      null,
      lookup(),
    )
    expect(a).toMatchObject({ key: 'github.com/github/github-mcp-server#pkg/server', subfolderCheck: 'exists' })
    expect(asked.at(-1)).toBe('/repos/github/github-mcp-server/contents/Pkg/Server')
  })

  test.each([
    ['a made-up folder', 'https://github.com/github/github-mcp-server/tree/main/not-there', null],
    ['any ref, a made-up folder', 'https://github.com/github/github-mcp-server/tree/deadbeef/x/y', null],
    ['a file named as a folder', 'https://github.com/github/github-mcp-server/tree/main/README.md', null],
    ['a folder given beside the address', 'https://github.com/github/github-mcp-server', 'nowhere'],
  ])('%s is the repository itself', async (_, address, subfolder) => {
    const a = await checkedRepositoryAddress(address, subfolder, lookup())
    expect(a).toMatchObject({ key: 'github.com/github/github-mcp-server', subfolder: null, subfolderCheck: 'absent' })
  })

  test('when GitHub cannot be asked (an error, or no lookup), the answer is the repository itself', async () => {
    failing = true
    const url = 'https://github.com/github/github-mcp-server/tree/main/Pkg/Server'
    expect(await checkedRepositoryAddress(url, null, lookup())).toMatchObject({
      key: 'github.com/github/github-mcp-server',
      subfolderCheck: 'unchecked',
    })
    failing = false
    expect(await checkedRepositoryAddress(url, null, null)).toMatchObject({
      subfolderCheck: 'unchecked',
      subfolder: null,
    })
  })

  test('an address without a folder is not asked about', async () => {
    const before = asked.length
    expect(await checkedRepositoryAddress('https://github.com/github/github-mcp-server', null, lookup())).toMatchObject(
      {
        subfolderCheck: 'none',
      },
    )
    expect(asked.length).toBe(before)
  })
})
