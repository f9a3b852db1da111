// The outbound fetchers the attack tests drive, resolving through the loopback DNS server at `dnsAddress`, and the
// refusal they expect.
import { expect } from 'bun:test'
import { addressResolver, createOutboundFetcher, OutboundError } from '@mcp-directory/shared/outbound'

export function outboundFetchers(dnsAddress: () => string) {
  return {
    /** Private addresses refused, as in production. */
    strict: () =>
      createOutboundFetcher({ allowPrivate: false, resolve: addressResolver([dnsAddress()]), timeoutMs: 3000 }),
    /** Same, but the loopback stand-in site counts as public (only 127.0.0.1, not the rest of 127/8). */
    withPublicSite: (timeoutMs = 3000) =>
      createOutboundFetcher({
        allowPrivate: false,
        resolve: addressResolver([dnsAddress()]),
        timeoutMs,
        treatAsPublic: (a) => a === '127.0.0.1',
      }),
  }
}

/** The OutboundError a fetch that must not happen fails with. */
export async function refusal(p: Promise<unknown>): Promise<OutboundError> {
  try {
    await p
  } catch (err) {
    expect(err).toBeInstanceOf(OutboundError)
    return err as OutboundError
  }
  throw new Error('fetched, but should have been refused')
}

/**
 * A stand-in for a site on the internet, listening on every loopback address so that a fetch which wrongly followed
 * a redirect to 127.0.0.2 would reach it (and show up in `hits`): `/redirect?to=…` redirects there, any other path
 * is what `answer` makes of it.
 */
export function standInSite(hits: string[], answer: (url: URL) => Response) {
  return Bun.serve({
    port: 0,
    hostname: '0.0.0.0',
    fetch: (r) => {
      const url = new URL(r.url)
      hits.push(url.pathname)
      const to = url.searchParams.get('to')
      if (url.pathname === '/redirect' && to) return new Response(null, { status: 302, headers: { location: to } })
      return answer(url)
    },
  })
}
