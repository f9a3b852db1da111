import { describe, expect, test } from 'bun:test'
import { txtValues } from './dns'
import { carriesProof, isClaimBadge, isReciprocal, markdownUrls, scanHtml } from './marks'

describe('txtValues', () => {
  test('joins the strings of each record, trims, keeps every record', () => {
    expect(txtValues([['a=1'], ['mcp-directory-claim=ab', 'cd '], [' x ']], 'mcp-directory-claim=')).toEqual(
      expect.arrayContaining(['a=1', 'mcp-directory-claim=abcd', 'x']),
    )
  })
  test('rebuilds a value whose strings came back as records of their own', () => {
    expect(txtValues([['v=spf1'], ['mcp-directory-claim=ab'], ['cd']], 'mcp-directory-claim=')).toContain(
      'mcp-directory-claim=abcd',
    )
  })
})

describe('marks', () => {
  test('HTML: links, images and the head meta tag count; comments and body meta do not', async () => {
    const html = `<html><head><meta name="MCP-Directory-Claim" content=" p1 "></head><body>
      <!-- <a href="https://d/servers/x?claim=p2">no</a> --><meta name="mcp-directory-claim" content="p3">
      <a href="https://d/servers/x?claim=p4"><img src="https://d/api/badge/x"></a></body></html>`
    const marks = await scanHtml(html)
    expect(marks.metaProofs).toEqual(['p1'])
    expect(marks.urls).toEqual(['https://d/servers/x?claim=p4', 'https://d/api/badge/x'])
  })
  test('Markdown: inline, reference and HTML links', () => {
    const md =
      '[![a](https://d/api/badge/x)](https://d/servers/x?claim=p1)\n[ref]: <https://d/servers/x?claim=p2>\n<a href="https://d/servers/x?x=1&amp;claim=p3">b</a>'
    const urls = markdownUrls(md)
    expect(urls.some((u) => carriesProof(u, 'p1'))).toBe(true)
    expect(urls.some((u) => carriesProof(u, 'p2'))).toBe(true)
    expect(urls.some((u) => carriesProof(u, 'p3'))).toBe(true)
    expect(urls.some((u) => isReciprocal(u, 'https://d', 'x'))).toBe(true)
  })
  test("a proof counts only as the claim parameter, a badge only as this listing's", () => {
    expect(carriesProof('https://d/servers/x?ref=p1', 'p1')).toBe(false)
    expect(carriesProof('https://d/servers/x?claim=p1x', 'p1')).toBe(false)
    expect(isReciprocal('https://d/api/badge/y', 'https://d', 'x')).toBe(false)
    expect(isReciprocal('https://d/servers/x?claim=1', 'https://d', 'x')).toBe(true)
  })
  test("a proof counts only on this directory's page or badge of this listing", () => {
    expect(isClaimBadge('https://d/servers/x?claim=p1', 'https://d', 'x', 'p1')).toBe(true)
    expect(isClaimBadge('https://D./servers/x/?ref=1&claim=p1', 'https://d', 'x', 'p1')).toBe(true)
    expect(isClaimBadge('https://d/api/badge/x?claim=p1', 'https://d', 'x', 'p1')).toBe(true)
    // Another listing, another site, a relative link, or the owner's own page echoing its request address.
    expect(isClaimBadge('https://d/servers/y?claim=p1', 'https://d', 'x', 'p1')).toBe(false)
    expect(isClaimBadge('https://owner.example/?claim=p1', 'https://d', 'x', 'p1')).toBe(false)
    expect(isClaimBadge('https://owner.example/servers/x?claim=p1', 'https://d', 'x', 'p1')).toBe(false)
    expect(isClaimBadge('/servers/x?claim=p1', 'https://d', 'x', 'p1')).toBe(false)
    expect(isClaimBadge('https://d/servers/x?u=https://d/servers/x%3Fclaim%3Dp1', 'https://d', 'x', 'p1')).toBe(false)
  })
  test('HTML: <link> (canonical), scripts, raw text and other attributes carry nothing', async () => {
    const u = 'https://d/servers/x?claim=p1'
    const html = `<html><head><link rel="canonical" href="${u}"><script>var a = '<a href="${u}">'</script>
      <title><a href="${u}"></title></head><body><div data-x='<a href="${u}">' title="<img src=${u}>"></div>
      <textarea><a href="${u}"></textarea><noscript><a href="${u}"></noscript><p>${u}</p></body></html>`
    expect(await scanHtml(html)).toEqual({ urls: [], metaProofs: [] })
  })
})
