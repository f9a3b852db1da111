// The static files: the hashed assets, the icon browsers ask for on their own, and robots.txt.
import { Type as t } from '@sinclair/typebox'
import { pageContract } from '../contract'

const NOT_MODIFIED = { description: 'Not modified: the If-None-Match ETag is current' }

/** `/assets/:file`: hashed, immutable file names, so a browser fetches each once and a limit costs a client nothing. */
export const asset = {
  ...pageContract('GET', '/assets/:file', 'asset', 'A static asset (CSS, script, icon)'),
  limit: null,
  responses: {
    200: {
      description: 'The file, under its own media type',
      type: 'application/octet-stream',
      schema: t.Uint8Array(),
    },
    304: NOT_MODIFIED,
    404: { description: 'No such asset', type: 'text/plain', schema: t.String() },
  },
} as const

/** `/favicon.ico`: asked for by browsers on their own, so never limited (it cannot spend a visitor's reads). */
export const favicon = {
  ...pageContract('GET', '/favicon.ico', 'favicon', 'The directory icon'),
  limit: null,
  responses: {
    200: { description: 'The icon (SVG)', type: 'image/svg+xml', schema: t.Uint8Array() },
    304: NOT_MODIFIED,
  },
} as const

/** `/robots.txt`: asked for by crawlers on their own, so never limited. */
export const robotsTxt = {
  ...pageContract('GET', '/robots.txt', 'robotsTxt', 'What crawlers may read'),
  limit: null,
  responses: { 200: { description: 'What crawlers may read', type: 'text/plain', schema: t.String() } },
} as const
