// A listing's README, from Markdown to HTML that is safe to put in our page: `marked` renders it and
// `sanitize-html` keeps only an allow-list of tags, attributes and URL schemes (never a regex clean-up).
import { cleanText } from '@mcp-directory/shared/text'
import { Marked } from 'marked'
import sanitizeHtml from 'sanitize-html'

// Longest README rendered; the repository has the rest.
const MAX_README = 200_000

const marked = new Marked({ gfm: true, breaks: false, async: false })

const TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'hr',
  'br',
  'a',
  'img',
  'em',
  'strong',
  'b',
  'i',
  'u',
  's',
  'del',
  'ins',
  'sub',
  'sup',
  'kbd',
  'samp',
  'var',
  'abbr',
  'mark',
  'small',
  'span',
  'div',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'details',
  'summary',
  'picture',
  'source',
]

/** A GitHub repository's `owner/repo`, when the address is one. */
function githubRepo(url: string | null): string | null {
  const m = url ? /^https:\/\/github\.com\/([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+?)(?:\.git)?\/?$/.exec(url) : null
  return m ? `${m[1]}/${m[2]}` : null
}

const isAbsolute = (u: string) => /^[a-z][a-z0-9+.-]*:/i.test(u) || u.startsWith('//')

/**
 * Renders README Markdown to sanitised HTML. Headings move down two levels (the page has its own h1 and the
 * README section's h2); relative links and images point into the GitHub repository when there is one, else
 * they are dropped; links get rel="nofollow ugc noopener noreferrer".
 */
export function renderReadme(markdown: string, repositoryUrl: string | null): string {
  const source = markdown.length > MAX_README ? markdown.slice(0, MAX_README) : markdown
  const rendered = marked.parse(source) as string
  const repo = githubRepo(repositoryUrl)
  const resolve = (u: string, kind: 'blob' | 'raw'): string | null => {
    if (!u || u.startsWith('#') || isAbsolute(u)) return u
    if (!repo) return null
    return `https://github.com/${repo}/${kind}/HEAD/${u.replace(/^\.?\//, '')}`
  }
  const shift = (n: number) => (_tag: string, attribs: sanitizeHtml.Attributes) => ({
    tagName: `h${Math.min(6, n + 2)}`,
    attribs,
  })
  const safe = sanitizeHtml(rendered, {
    allowedTags: TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'referrerpolicy'],
      source: ['srcset', 'media', 'type'],
      code: ['class'],
      th: ['align'],
      td: ['align'],
      ol: ['start'],
      details: ['open'],
      pre: ['tabindex'],
    },
    allowedClasses: { code: [/^language-[A-Za-z0-9_+-]{1,30}$/] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'], source: ['https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      h1: shift(1),
      h2: shift(2),
      h3: shift(3),
      h4: shift(4),
      h5: shift(5),
      h6: shift(6),
      // A code block scrolls sideways on a narrow screen: it takes the keyboard's focus so it can be scrolled (its
      // own attributes are dropped).
      pre: () => ({ tagName: 'pre', attribs: { tabindex: '0' } }),
      a: (tagName, attribs) => {
        const href = attribs.href === undefined ? undefined : resolve(attribs.href, 'blob')
        const out: sanitizeHtml.Attributes = { rel: 'nofollow ugc noopener noreferrer' }
        if (href) out.href = href
        if (attribs.title) out.title = attribs.title
        return { tagName, attribs: out }
      },
      img: (tagName, attribs) => {
        const src = attribs.src === undefined ? undefined : resolve(attribs.src, 'raw')
        const out: sanitizeHtml.Attributes = { ...attribs, loading: 'lazy', referrerpolicy: 'no-referrer' }
        if (src) out.src = src
        else delete out.src
        return { tagName, attribs: out }
      },
    },
  })
  // Control, bidi and invisible characters go, as from every listing text of the page (html.ts): from the output,
  // since the sanitiser decodes character references (`&#x202E;`) into the characters themselves. Tabs are kept
  // (code blocks are indented with them); the characters removed are never part of the markup.
  return safe
    .split('\t')
    .map((part) => cleanText(part, { multiline: true }))
    .join('\t')
}
