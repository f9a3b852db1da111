// The test parser must refuse what is not well-formed, or the SVG checks prove nothing.
import { expect, test } from 'bun:test'
import { allNodes, parseXml } from './xml'

test('accepts well-formed documents and returns the tree', () => {
  const root = parseXml(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" a=\'1\'><!-- c --><g><text x="1">a &amp; b &#60; &#x3E;</text></g><rect/></svg>',
  )
  expect(root.name).toBe('svg')
  expect(allNodes(root).map((n) => n.name)).toEqual(['svg', 'g', 'text', 'rect'])
  expect(root.children[0].children[0].text).toBe('a & b < >')
})

test('refuses what a browser would refuse', () => {
  for (const bad of [
    '<svg>',
    '<svg></g>',
    '<svg><g></svg></g>',
    '<svg>a < b</svg>',
    '<svg>a & b</svg>',
    '<svg>&nope;</svg>',
    '<svg a="1" a="2"/>',
    '<svg a=1/>',
    '<svg/><svg/>',
    'x<svg/>',
    '<svg a="<"/>',
    '<svg a="1"b="2"/>',
  ]) {
    expect(() => parseXml(bad)).toThrow()
  }
})
