// A real DNS server on loopback for tests: claims and outbound checks resolve names through it.
import { freePort } from '.'

/** A record set the loopback DNS server answers with. */
export interface DnsZone {
  /** TXT records at a name; each record is one or more character-strings (joined by resolvers that join). */
  txt: Map<string, string[][]>
  a: Map<string, string[]>
  aaaa: Map<string, string[]>
}

/** The name whose records answer for `asked`: itself, else the closest wildcard (`*.zone`) above it. */
function recordName(zone: DnsZone, asked: string): string {
  const has = (n: string) => zone.txt.has(n) || zone.a.has(n) || zone.aaaa.has(n)
  if (has(asked)) return asked
  const labels = asked.split('.')
  for (let i = 1; i < labels.length; i++)
    if (has(`*.${labels.slice(i).join('.')}`)) return `*.${labels.slice(i).join('.')}`
  return asked
}

/**
 * A real DNS server (UDP and TCP, dns2) on loopback for tests: point DNS_SERVERS at `address`, then publish
 * records with `setTxt` / `setA` (a name may be a wildcard, `*.zone`). Unknown names get NXDOMAIN, as a real
 * authoritative server gives them.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one server's handler and its record setters read best together
export async function startDnsServer() {
  const dns2 = (await import('dns2')).default as unknown as {
    createServer: (o: unknown) => DnsServerLike
    Packet: DnsPacket
  }
  const { Packet } = dns2
  const zone: DnsZone = { txt: new Map(), a: new Map(), aaaa: new Map() }
  const queries: { name: string; type: number }[] = []
  // Questions answered with SERVFAIL (a resolver's failure, not an absent record), by name and type.
  const failing = new Set<string>()
  const key = (name: string) => name.toLowerCase().replace(/\.$/, '')
  const server = dns2.createServer({
    udp: true,
    tcp: true,
    handle: (request: DnsRequest, send: (r: unknown) => void) => {
      const response = Packet.createResponseFromRequest(request) as DnsResponse
      const [question] = request.questions
      if (!question) return send(response)
      const asked = key(question.name)
      queries.push({ name: asked, type: question.type })
      const name = recordName(zone, asked)
      if (failing.has(`${question.type} ${asked}`)) {
        response.header.rcode = 2 // SERVFAIL
        return send(response)
      }
      const found =
        question.type === Packet.TYPE.TXT
          ? zone.txt
              .get(name)
              ?.map((data) => ({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data }))
          : question.type === Packet.TYPE.A
            ? zone.a.get(name)?.map((address) => ({
                name: question.name,
                type: Packet.TYPE.A,
                class: Packet.CLASS.IN,
                ttl: 1,
                address,
              }))
            : question.type === Packet.TYPE.AAAA
              ? zone.aaaa.get(name)?.map((address) => ({
                  name: question.name,
                  type: Packet.TYPE.AAAA,
                  class: Packet.CLASS.IN,
                  ttl: 1,
                  address,
                }))
              : undefined
      const known = zone.txt.has(name) || zone.a.has(name) || zone.aaaa.has(name)
      if (found) response.answers.push(...found)
      else if (!known) response.header.rcode = 3 // NXDOMAIN
      send(response)
    },
  })
  const port = freePort()
  await server.listen({ udp: { port, address: '127.0.0.1' }, tcp: { port, address: '127.0.0.1' } })
  return {
    /** `127.0.0.1:<port>`, the form DNS_SERVERS takes. */
    address: `127.0.0.1:${port}`,
    port,
    zone,
    /** Every question asked, in order (name lower-cased, type number). */
    queries,
    /** Sets the TXT records at a name (each record given as one string, or as its character-strings). */
    setTxt(name: string, records: (string | string[])[]) {
      zone.txt.set(
        key(name),
        records.map((r) => (Array.isArray(r) ? r : [r])),
      )
    },
    setA(name: string, addresses: string[]) {
      zone.a.set(key(name), addresses)
    },
    setAaaa(name: string, addresses: string[]) {
      zone.aaaa.set(key(name), addresses)
    },
    /** Answers the name's questions of one type with SERVFAIL, as a failing server does. */
    fail(name: string, type: 'A' | 'AAAA') {
      failing.add(`${type === 'A' ? Packet.TYPE.A : Packet.TYPE.AAAA} ${key(name)}`)
    },
    /** Answers the name's questions of one type again (after `fail`). */
    heal(name: string, type: 'A' | 'AAAA') {
      failing.delete(`${type === 'A' ? Packet.TYPE.A : Packet.TYPE.AAAA} ${key(name)}`)
    },
    remove(name: string) {
      for (const m of [zone.txt, zone.a, zone.aaaa]) m.delete(key(name))
    },
    close: () => server.close(),
  }
}

interface DnsServerLike {
  listen(o: unknown): Promise<unknown>
  close(): Promise<unknown>
}
interface DnsRequest {
  questions: { name: string; type: number }[]
}
interface DnsResponse {
  header: { rcode: number }
  answers: unknown[]
}
interface DnsPacket {
  createResponseFromRequest(r: DnsRequest): unknown
  TYPE: Record<string, number>
  CLASS: Record<string, number>
}
