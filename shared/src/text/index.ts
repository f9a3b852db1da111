/**
 * Agent-facing text: one rule for text from submissions and imports wherever agents read it (the Markdown listing
 * document, the MCP tools' text, llms.txt). Control, bidi and invisible characters are removed (clean.ts), and the
 * text can never open Markdown or HTML structure (markdown.ts); text documents are served with `nosniff`.
 */
export { cleanText, flatText, truncate } from './clean'
export { codeSpan, fenced, fenceFor, markdownBlock, markdownInline, quoted } from './markdown'
export { NOSNIFF, textDocument } from './response'
export { hasUnstorable, type Removed, removedAny, storableText, storableValue } from './storable'
