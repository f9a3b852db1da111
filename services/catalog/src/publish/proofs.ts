/**
 * The signed-timestamp proof of a domain, as the official registry checks it (`mcp-publisher login dns|http`): the
 * publisher signs the current time (RFC 3339, within 15 seconds of ours) with an Ed25519 key whose public half is
 * published as `v=MCPv1; k=ed25519; p=<base64>` in a TXT record of the domain or at
 * `https://<domain>/.well-known/mcp-registry-auth`; the signature travels hex-encoded. DNS grants the domain's
 * namespace and its sub-namespaces (`com.example/*`, `com.example.*`), HTTP the domain's namespace only.
 */
import { createPublicKey, verify } from 'node:crypto'
import { isIP } from 'node:net'
import type { Permission } from './token'

export const SKEW_SECONDS = 15
const RECORD = /v=MCPv1;\s*k=([^;]+);\s*p=([A-Za-z0-9+/=]+)/
const DOMAIN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i

/** Why a proof failed: a sentence for the publisher. */
export class ProofError extends Error {}

// Reversed, names on these are GitHub namespaces (io.github.<owner>, com.github.<owner>): they belong to GitHub
// owners and only GitHub proves them. Anyone who may push to an organisation's Pages site serves a key file on
// <org>.github.io, while GitHub grants an organisation only to its owners.
const GITHUB_DOMAINS = ['github.io', 'github.com']

/** A domain a proof may be for: a name with two or more labels, never an IP literal nor a GitHub namespace. */
export function checkDomain(domain: string): string {
  if (domain.length > 253 || isIP(domain) || !DOMAIN.test(domain)) throw new ProofError('invalid domain format')
  const lower = domain.toLowerCase()
  if (GITHUB_DOMAINS.some((d) => lower === d || lower.endsWith(`.${d}`)))
    throw new ProofError(`${reverseDomain(lower)} is a GitHub namespace: log in with GitHub to publish under it`)
  return lower
}

/** The timestamp must be RFC 3339 and within the skew window of now. */
export function checkTimestamp(timestamp: string, now: number): void {
  const t = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(timestamp)
    ? Date.parse(timestamp)
    : Number.NaN
  if (Number.isNaN(t)) throw new ProofError('invalid timestamp format: must be RFC 3339')
  if (Math.abs(t - now) > SKEW_SECONDS * 1000)
    throw new ProofError(`timestamp outside valid window (±${SKEW_SECONDS} seconds)`)
}

/** The Ed25519 public keys of the MCPv1 records among `texts` (records of another algorithm are skipped). */
export function publicKeysOf(texts: string[]): Buffer[] {
  const keys: Buffer[] = []
  for (const text of texts) {
    const m = RECORD.exec(text)
    if (m?.[1].trim() !== 'ed25519') continue
    const raw = Buffer.from(m[2] ?? '', 'base64')
    if (raw.length === 32) keys.push(raw)
  }
  return keys
}

/** True when the hex signature of `message` verifies under one of the keys. */
export function signedByOneOf(keys: Buffer[], message: string, signatureHex: string): boolean {
  if (!/^(?:[0-9a-f]{2})+$/i.test(signatureHex)) throw new ProofError('invalid signature format, must be hex')
  const signature = Buffer.from(signatureHex, 'hex')
  if (signature.length !== 64) throw new ProofError('invalid signature size for Ed25519')
  return keys.some((raw) => {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' })
    return verify(null, Buffer.from(message), key, signature)
  })
}

/** `example.com` → `com.example`. */
export const reverseDomain = (domain: string) => domain.split('.').reverse().join('.')

/** What a proven domain may publish. */
export function domainPermissions(domain: string, subdomains: boolean): Permission[] {
  const ns = reverseDomain(domain)
  const own: Permission = { action: 'publish', resource: `${ns}/*` }
  return subdomains ? [own, { action: 'publish', resource: `${ns}.*` }] : [own]
}
