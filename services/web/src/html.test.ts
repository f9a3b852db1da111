import { expect, test } from 'bun:test'
import fc from 'fast-check'
import { cleanText } from '@mcp-directory/shared/text'
import { escapeHtml, html, trusted } from './html'

test('property: escaped text never opens a tag, an entity or an attribute, and reads back as itself, cleaned', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary' }), (s) => {
      const out = escapeHtml(s)
      expect(out).not.toMatch(/[<>"'`]/)
      // Every & starts one of our entities.
      expect(out.replace(/&(amp|lt|gt|quot|#39|#96);/g, '')).not.toContain('&')
      const back = out
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&#96;/g, '`')
        .replace(/&amp;/g, '&')
      expect(back).toBe(cleanText(s, { multiline: true }))
    }),
  )
})

test('templates escape values, keep nested templates and arrays, and drop null, undefined and false', () => {
  const name = '<img src=x onerror=alert(1)>'
  const out = html`<p title="${name}">${name}${html`<b>${'&'}</b>`}${[html`<i>1</i>`, '<2>']}${null}${undefined}${false}${0}</p>`
  expect(out.value).toBe(
    '<p title="&lt;img src=x onerror=alert(1)&gt;">&lt;img src=x onerror=alert(1)&gt;<b>&amp;</b><i>1</i>&lt;2&gt;0</p>',
  )
  expect(html`${trusted('<em>ok</em>')}`.value).toBe('<em>ok</em>')
})

test('bidi controls and invisible characters do not reach the page', () => {
  expect(escapeHtml('evil\u202Etxt.exe\u200B \u2066x\u2069 🗄️ 👩‍💻\r\nnext')).toBe('eviltxt.exe x 🗄️ 👩‍💻\nnext')
})
