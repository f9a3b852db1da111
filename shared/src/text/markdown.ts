/**
 * The second half of the rule: text from submissions and imports, put into Markdown that agents read, can never
 * open structure. Escaping is preferred to deleting: every character that could start Markdown or HTML structure
 * in the text's position is escaped with a backslash (it reads the same once rendered), and an `&` that would
 * start an entity or character reference becomes `&amp;`, so `&#106;avascript:` or `javascript&colon;` stay
 * text. What that rules out, in CommonMark and GitHub Flavored Markdown alike:
 *
 * - headings (ATX `#` and setext `===` / `---`), also inside list items and block quotes (`- ## …`, `> ## …`);
 * - code fences (``` and ~~~, also `> ```json`, `- ~~~`), indented code (leading white space is dropped),
 *   code spans;
 * - lists, block quotes, thematic breaks, tables (`|` is always escaped), footnotes and link definitions;
 * - raw HTML and comments (`<` and `>` are always escaped);
 * - links and images of any kind: inline, reference, `<…>` autolinks, and the GFM e-mail, `mailto:` and
 *   `xmpp:` autolinks (an `@` after an address character is escaped); only the bare `http(s)://` and `www.`
 *   addresses GFM turns into links remain, and those are http(s). (Parsers that find GFM addresses after
 *   resolving escapes, such as micromark and cmark-gfm, still link an escaped address: an http(s) one, or an
 *   e-mail address as `mailto:`/`xmpp:`; never a scheme that runs anything.)
 * - emphasis and strikethrough (`*`, `~` and an `_` at a word boundary are escaped).
 *
 * Control, bidi and invisible characters are removed first (clean.ts).
 */
import { cleanText, flatText, truncate } from './clean'

// Always escaped, wherever they stand.
const ALWAYS = /[\\`*[\]<>|~]/g
// An `_` that is not between two letters or digits can open or close emphasis.
const BOUNDARY_UNDERSCORE = /_(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])_/gu
// An `@` after a character an e-mail address may hold makes a GFM e-mail (or mailto:/xmpp:) autolink.
const ADDRESS_AT = /(?<=[A-Za-z0-9._+-])@/g
// `&` starting a numeric or named character reference (HTML also reads `&#106` without its `;`).
const ENTITY_START = /&(?=#|[A-Za-z][A-Za-z0-9]*;)/g
// What can open a block at the start of a line once indentation is gone: ATX heading, block quote, list item
// (`-`, `+`; `*` is escaped anyway), ordered list item (`1.`, `1)`), setext underline or thematic break (`=`, `-`),
// the delimiter row of a table without pipes (`:---`, which some parsers accept).
const LINE_START = /^(?:[#>+=:-]|\d{1,9}(?=[.)]))/

// An address GFM turns into a link by itself runs from its start to white space or `<`, and backslash escapes do
// not work inside it: the run would swallow the backslash of `\<` and leave a bare `<`. So each run is either left
// as it is, when it is an http(s) address made only of characters that cannot start anything and white space or the
// end follows it, or escaped like
// other text with its `://` or `www.` broken (`https\://`), so that it is no link at all.
const ADDRESS_RUN = /(?:[a-z][a-z0-9+.-]{0,31}:\/\/|www\.)[^\s<]*/gi
const PLAIN_ADDRESS = /^(?:https?:\/\/|www\.)[A-Za-z0-9\-.:/?#@!$&'()+,;=%_~]*(?<!#)$/
const MAY_HOLD_WWW = /www\./i
const LOOSE_MARK = /[_~](?![A-Za-z0-9])|(?<![A-Za-z0-9])[_~]/

// A character any of the four escapes below starts from: text without one is left as it is, in one scan.
const ESCAPABLE = /[\\`*[\]<>|~_@&]/

function escapeText(text: string): string {
  if (!ESCAPABLE.test(text)) return text
  return text
    .replace(ALWAYS, '\\$&')
    .replace(BOUNDARY_UNDERSCORE, '\\_')
    .replace(ADDRESS_AT, '\\@')
    .replace(ENTITY_START, '&amp;')
}

const HAS_ENTITY_START = new RegExp(ENTITY_START.source)
// Where GFM does not take the run for an address (after a `"`, say), an `@` in it would start an e-mail link.
const HAS_ADDRESS_AT = new RegExp(ADDRESS_AT.source)

// `last`: the run ends the text (else `<` follows it, whose escaping backslash the run would take).
function escapeAddressRun(run: string, last: boolean): string {
  if (
    last &&
    PLAIN_ADDRESS.test(run) &&
    !LOOSE_MARK.test(run) &&
    !HAS_ENTITY_START.test(run) &&
    !HAS_ADDRESS_AT.test(run)
  )
    return run
  return escapeText(run)
    .replace(/:(?=\/\/)/g, '\\:')
    .replace(/(?<![A-Za-z0-9])(www)\./gi, '$1\\.')
}

/**
 * One line of Markdown text, safe anywhere in a line: at its start, after a list marker, inside a heading or a
 * table-free paragraph. Line breaks become spaces; leading and trailing white space goes. What follows it on the
 * line must not be a backslash (white space, the line's end, or punctuation of ours such as `**`, `]`, `"`).
 */
export function markdownInline(value: string | null | undefined): string {
  return escapeLine(value, true)
}

// `endsText`: nothing but white space follows the line (else an address run at its end would go on into what does).
function escapeLine(value: string | null | undefined, endsText: boolean): string {
  const flat = flatText(value)
  if (!flat) return ''
  let out = ''
  let at = 0
  // An address run needs `://` or `www.`: without either there is none to look for.
  const runs = flat.includes('://') || MAY_HOLD_WWW.test(flat) ? flat.matchAll(ADDRESS_RUN) : []
  for (const m of runs) {
    const end = m.index + m[0].length
    out +=
      escapeText(flat.slice(at, m.index)) +
      escapeAddressRun(m[0], (end === flat.length && endsText) || flat[end] === ' ')
    at = end
  }
  out += escapeText(flat.slice(at))
  // A closing run of `#` would be eaten as the end of an ATX heading.
  if (out.endsWith('#')) out = out.replace(/#+$/, (run) => run.replace(/#/g, '\\#'))
  return out.replace(LINE_START, (m) => (/^\d/.test(m) ? `${m}\\` : `\\${m}`))
}

/**
 * Multi-line text as Markdown paragraphs that can never open anything else: each line is `markdownInline`, runs
 * of blank lines become one (a paragraph break), and blank lines at either end go.
 */
export function markdownBlock(value: string | null | undefined): string {
  const lines = cleanText(value, { multiline: true }).split('\n').map(markdownInline)
  const out: string[] = []
  for (const line of lines) {
    if (line === '' && (out.length === 0 || out[out.length - 1] === '')) continue
    out.push(line)
  }
  while (out.length && out[out.length - 1] === '') out.pop()
  return out.join('\n')
}

/** A fence of backticks longer than any run of backticks in `content` (at least three). */
export function fenceFor(content: string): string {
  let longest = 0
  for (const m of content.matchAll(/`+/g)) longest = Math.max(longest, m[0].length)
  return '`'.repeat(Math.max(3, longest + 1))
}

/**
 * A fenced code block holding `content` as it is (cleaned, line ends normalised): nothing inside a fence is read as
 * Markdown, and the fence is longer than any backtick run inside, so the content cannot close it. `info` is ours.
 */
export function fenced(content: string, info = ''): string {
  const text = cleanText(content, { multiline: true }).replace(/[ \t]+$/gm, '')
  const fence = fenceFor(text)
  return `${fence}${info.replace(/[`\s]/g, '')}\n${text}\n${fence}`
}

/**
 * One line as a code span: shown exactly as it is (cleaned, flattened), since nothing inside a code span is read as
 * Markdown; the backtick run around it is longer than any inside it.
 */
export function codeSpan(value: string | null | undefined): string {
  const text = flatText(value)
  if (!text) return ''
  let longest = 0
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length)
  const ticks = '`'.repeat(longest + 1)
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : ''
  return `${ticks}${pad}${text}${pad}${ticks}`
}

// `"` and the characters that read as one: typographic and low double quotes, double primes, ornaments, the CJK
// and full-width forms.
const QUOTES = /["\u201C-\u201F\u2033\u2036\u275D\u275E\u301D-\u301F\uFF02]/g

/**
 * A value shown as quoted data inside text of ours (a tool result): `"…"`, on one line, the Markdown characters
 * escaped as in `markdownInline`, `"` escaped as `\"`, and each line break written `\n`, so the value can never
 * end its quotes, begin a line, or open a heading, fence, link or tag. Characters a reader takes for a double quote
 * (`＂`, `“`, `”`, `„`, `″`, …) are escaped the same way, so none of them seems to end the value either. Longer
 * values are cut at `max` characters.
 */
export function quoted(value: string | null | undefined, max = Infinity): string {
  const text = truncate(cleanText(value, { multiline: true }).trim(), max)
  const lines = text.split('\n')
  // A line break is written `\n`, so only the last line ends the text (the closing quote then a space follows it).
  // After the `n` of a `\n`, an `@` would end an e-mail address.
  const escaped = lines.map((line, i) => {
    const out = escapeLine(line, i === lines.length - 1)
    return out.replace(QUOTES, '\\$&').replace(/^@/, '\\@')
  })
  return `"${escaped.join('\\n')}"`
}
