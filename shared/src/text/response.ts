/** Text documents (Markdown, llms.txt, plain text) as HTTP answers. */

/** Tells browsers not to guess another type (HTML, script) for a text answer. */
export const NOSNIFF = { 'x-content-type-options': 'nosniff' } as const

/** A text answer of the given type, always with `X-Content-Type-Options: nosniff`. */
export function textDocument(
  body: string,
  contentType: string,
  opts: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return new Response(body, {
    status: opts.status ?? 200,
    headers: { 'content-type': contentType, ...opts.headers, ...NOSNIFF },
  })
}
