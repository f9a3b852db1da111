// Readable text of the answers of the tools that act (a claim challenge, a submission, a registration, a
// confirmation) and of a failed call, under the same rules as text.ts: every value from a listing or the caller
// is quoted data; the snippets to publish are ours, in fences.
import type { ErrorBody } from '@mcp-directory/shared/errors'
import { fenced } from '@mcp-directory/shared/text'
import { plain, quoted as q } from './plain'
import { list, num } from './plain'
import { DATA_NOTE } from './text'

/** A claim challenge: what to publish for each method; the snippets to publish in fences. */
export function challengeText(c: {
  id: string
  name: string
  methods: Record<string, Record<string, unknown> | undefined>
}): string {
  const lines = [`Ownership proofs for listing ${q(c.id)}, name ${q(c.name)}; any one method is enough. ${DATA_NOTE}`]
  const dns = c.methods.dns as { type?: string; names?: string[]; value?: string } | undefined
  if (dns)
    lines.push(
      '',
      `dns: a ${plain(dns.type ?? 'TXT')} record at ${list(dns.names) || 'no name known'} with the value`,
      fenced(dns.value ?? '', 'text'),
    )
  const site = c.methods.website_badge as { sites?: string[]; html?: string; meta?: string } | undefined
  if (site)
    lines.push(
      '',
      `website_badge: on ${list(site.sites) || 'no site known'}, this HTML`,
      fenced(site.html ?? '', 'html'),
      'or this meta tag',
      fenced(site.meta ?? '', 'html'),
    )
  const gh = c.methods.github as { repository?: string | null; markdown?: string } | undefined
  if (gh)
    lines.push(
      '',
      `github: in the README of ${gh.repository ? q(gh.repository) : 'no repository known'}, this Markdown`,
      fenced(gh.markdown ?? '', 'markdown'),
    )
  return lines.join('\n')
}

/** A failed call: its code, status, message and details (which may echo the caller's own values). */
export function errorText(e: ErrorBody): string {
  const details = e.details?.length ? `\nDetails: ${q(JSON.stringify(e.details))}` : ''
  return `Error ${plain(e.error)}${e.status ? ` (${num(e.status)})` : ''}: ${q(e.message)}${details}`
}

/** A submission's answer. */
export function submittedText(r: {
  id: string
  name: string
  status: string
  claim_url: string
  badge_markdown: string
}): string {
  const lines = [
    `Submitted name ${q(r.name)} as listing ${q(r.id)}; status ${q(r.status)}.`,
    `Claim page: ${q(r.claim_url)}`,
  ]
  return [...lines, 'Badge Markdown:', fenced(r.badge_markdown, 'markdown')].join('\n')
}

/** A registration's answer. */
export function registeredText(r: { email: string; expiresAt: string; scopes: string[] }): string {
  return `Confirmation code sent to ${q(r.email)}; valid until ${q(r.expiresAt)}. Scopes: ${list(r.scopes) || 'none'}.`
}

/** A confirmation's answer: the token, shown once. */
export function confirmedText(r: { token: string; tokenType: string; scopes: string[]; expiresAt: string }): string {
  return `Agent token (shown once): ${q(r.token)}\nType: ${q(r.tokenType)}; scopes: ${list(r.scopes) || 'none'}; expires ${q(r.expiresAt)}.`
}
