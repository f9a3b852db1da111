// A small, strict XML well-formedness parser for the tests: it refuses what a browser's XML parser refuses
// (unclosed or crossed tags, bare `<` or `&`, unknown entities, duplicate or unquoted attributes, more than
// one root) and returns the element tree so tests can look for scripts and event attributes.

/** One parsed element. */
export interface XmlNode {
  name: string
  attrs: Record<string, string>
  children: XmlNode[]
  text: string
}

const NAME = /^[A-Za-z_:][-A-Za-z0-9_:.]*/
const ENTITY = /^&(lt|gt|amp|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/

function decode(raw: string, where: string): string {
  let out = ''
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]
    if (c === '<') throw new Error(`bare < in ${where}`)
    if (c !== '&') {
      out += c
      continue
    }
    const m = ENTITY.exec(raw.slice(i))
    if (!m) throw new Error(`bad entity in ${where}: ${raw.slice(i, i + 12)}`)
    const e = m[1]
    out +=
      e === 'lt'
        ? '<'
        : e === 'gt'
          ? '>'
          : e === 'amp'
            ? '&'
            : e === 'quot'
              ? '"'
              : e === 'apos'
                ? "'"
                : String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
    i += m[0].length - 1
  }
  return out
}

/** Parses a document; throws on anything that is not well-formed XML. */
export function parseXml(doc: string): XmlNode {
  let i = 0
  const stack: XmlNode[] = []
  let root: XmlNode | null = null
  const ws = () => {
    while (i < doc.length && /\s/.test(doc[i])) i++
  }
  if (doc.startsWith('<?xml')) {
    const end = doc.indexOf('?>')
    if (end < 0) throw new Error('unterminated declaration')
    i = end + 2
  }
  while (i < doc.length) {
    if (doc.startsWith('<!--', i)) {
      const end = doc.indexOf('-->', i + 4)
      if (end < 0) throw new Error('unterminated comment')
      i = end + 3
    } else if (doc.startsWith('<![CDATA[', i)) {
      if (!stack.length) throw new Error('CDATA outside the root')
      const end = doc.indexOf(']]>', i)
      if (end < 0) throw new Error('unterminated CDATA')
      stack[stack.length - 1].text += doc.slice(i + 9, end)
      i = end + 3
    } else if (doc.startsWith('</', i)) {
      i += 2
      const m = NAME.exec(doc.slice(i))
      if (!m) throw new Error(`bad closing tag at ${i}`)
      i += m[0].length
      ws()
      if (doc[i] !== '>') throw new Error(`bad closing tag ${m[0]}`)
      i++
      const open = stack.pop()
      if (!open || open.name !== m[0]) throw new Error(`</${m[0]}> closes <${open?.name}>`)
    } else if (doc[i] === '<') {
      i++
      const m = NAME.exec(doc.slice(i))
      if (!m) throw new Error(`bad tag at ${i}`)
      i += m[0].length
      const node: XmlNode = { name: m[0], attrs: {}, children: [], text: '' }
      for (;;) {
        const before = i
        ws()
        if (doc.startsWith('/>', i) || doc[i] === '>') break
        if (i === before) throw new Error(`attributes of <${node.name}> not separated`)
        const a = NAME.exec(doc.slice(i))
        if (!a) throw new Error(`bad attribute in <${node.name}> at ${i}`)
        i += a[0].length
        ws()
        if (doc[i] !== '=') throw new Error(`attribute ${a[0]} without value`)
        i++
        ws()
        const q = doc[i]
        if (q !== '"' && q !== "'") throw new Error(`unquoted attribute ${a[0]}`)
        const end = doc.indexOf(q, i + 1)
        if (end < 0) throw new Error(`unterminated attribute ${a[0]}`)
        if (a[0] in node.attrs) throw new Error(`duplicate attribute ${a[0]}`)
        node.attrs[a[0]] = decode(doc.slice(i + 1, end), `attribute ${a[0]}`)
        i = end + 1
      }
      if (stack.length) stack[stack.length - 1].children.push(node)
      else if (root) throw new Error('more than one root element')
      else root = node
      if (doc[i] === '>') {
        stack.push(node)
        i++
      } else i += 2
    } else {
      const end = doc.indexOf('<', i)
      const raw = doc.slice(i, end < 0 ? doc.length : end)
      if (!stack.length) {
        if (raw.trim()) throw new Error('text outside the root element')
      } else stack[stack.length - 1].text += decode(raw, `<${stack[stack.length - 1].name}>`)
      i = end < 0 ? doc.length : end
    }
  }
  if (stack.length) throw new Error(`<${stack[stack.length - 1].name}> not closed`)
  if (!root) throw new Error('no root element')
  return root
}

/** Every element of a tree, depth first. */
export function allNodes(n: XmlNode): XmlNode[] {
  return [n, ...n.children.flatMap(allNodes)]
}
