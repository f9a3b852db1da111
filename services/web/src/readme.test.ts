import { expect, test } from 'bun:test'
import fc from 'fast-check'
import { renderReadme } from './readme'

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '[x](javascript:alert(1))',
  '<iframe src="https://evil.example"></iframe>',
  '<svg onload=alert(1)><circle/></svg>',
  '<style>*{display:none}</style>',
  '<form action="https://evil.example"><input name=a></form>',
  '<div style="position:fixed" onclick="x()">hi</div>',
  '<object data="x"></object><embed src="x">',
  '<a href="data:text/html;base64,PHNjcmlwdD4=">d</a>',
  '<img src="http://insecure.example/a.png">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
]

/** What may never appear in rendered README HTML. */
function expectInert(out: string) {
  expect(out).not.toMatch(/<(script|iframe|svg|style|form|input|object|embed|meta|base|link)\b/i)
  // Inside tags only: text (a code block showing a payload) is escaped and inert.
  for (const tag of out.match(/<[a-z][^>]*>/gi) ?? []) {
    expect(tag.replace(/"[^"]*"/g, '""')).not.toMatch(/\s(on[a-z]+|style|id)\s*=/i)
    expect(tag).not.toMatch(/(href|src)="\s*(javascript|data|vbscript):/i)
    expect(tag).not.toMatch(/src="http:/i)
  }
}

test('every known payload is removed or made inert', () => {
  for (const p of PAYLOADS) expectInert(renderReadme(`# T\n\n${p}\n\ntext ${p}`, 'https://github.com/o/r'))
})

test('property: random mixes of payloads and Markdown stay inert', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.oneof(
          fc.constantFrom(...PAYLOADS),
          fc.string(),
          fc.constantFrom('# h', '```', '> q', '- l', '| a |', '<div>', '</div>', '<a href="'),
        ),
        { maxLength: 12 },
      ),
      (parts) => {
        expectInert(renderReadme(parts.join('\n'), null))
      },
    ),
    { numRuns: 300 },
  )
})

test('keeps the useful Markdown: headings moved down, code with its language, tables, safe links', () => {
  const out = renderReadme(
    '# Title\n\n## Sub\n\n```ts\nconst a = 1\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[site](https://example.com) ![logo](https://example.com/l.png)',
    null,
  )
  expect(out).toContain('<h3>Title</h3>')
  expect(out).toContain('<h4>Sub</h4>')
  expect(out).toContain('<code class="language-ts">')
  expect(out).toContain('<table>')
  expect(out).toContain('<a rel="nofollow ugc noopener noreferrer" href="https://example.com">site</a>')
  expect(out).toContain('src="https://example.com/l.png"')
})

test('relative links point into the GitHub repository, or are dropped without one', () => {
  expect(renderReadme('[d](docs/a.md) ![i](./img/p.png)', 'https://github.com/o/r')).toContain(
    'href="https://github.com/o/r/blob/HEAD/docs/a.md"',
  )
  expect(renderReadme('![i](./img/p.png)', 'https://github.com/o/r.git')).toContain(
    'src="https://github.com/o/r/raw/HEAD/img/p.png"',
  )
  const none = renderReadme('[d](docs/a.md) [top](#top)', 'https://gitlab.com/o/r')
  expect(none).not.toContain('docs/a.md')
  expect(none).toContain('href="#top"')
})

test('a code block takes the keyboard focus (it may scroll sideways); its own attributes are dropped', () => {
  expect(renderReadme('```\nnpx -y some-server\n```', null)).toContain('<pre tabindex="0"><code>')
  const raw = renderReadme('<pre tabindex="-1" class="x" onclick="alert(1)">a</pre>', null)
  expect(raw).toContain('<pre tabindex="0">a</pre>')
})
