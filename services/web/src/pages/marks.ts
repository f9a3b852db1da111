// The marks of a listing, on its card and its page: each a text label (never colour alone) with a tooltip saying
// what it means and on what evidence. Fields a search hit may lack are optional; a mark shows only when its
// evidence is in the answer.
import { healthLabel, type Publisher } from '@mcp-directory/shared/contracts'
import { html, type SafeHtml } from '../html'
import { count } from './common'
import { installGuessOf } from './install-guess'
import { publisherMeans } from './publisher'

/** What the marks are read from: a search hit (transports, health, archived, install with `client`) or a detail. */
export interface MarkFacts {
  isOfficial: boolean
  isVerifiedActive: boolean
  publisherVerified?: boolean
  publisherEvidence?: unknown
  /** Who made it, with its evidence: when present, the publisher mark follows its `verified`. */
  publisher?: Publisher | null
  transports?: string[]
  health?: string | null
  archived?: string | null
  install?: {
    confidence?: string
    basis?: string
    note?: string
    kind?: string
    command?: string
    args?: string[]
    /** A search hit's guessed command (with `client`). */
    guess?: { command: string; note: string } | null
  } | null
  /** Detail only: null when the install is only a guess. */
  configs?: unknown[] | null
  /** A search hit says the level only (no findings): the listing page shows them. */
  risk?: { level: string; cleared: boolean; findings: { message: string }[] } | null
  stars?: number | null
  installs?: number | null
  /** When the live facts were last checked. */
  checkedAt?: string | null
}

export type Tone = 'ok' | 'warn' | 'bad' | 'official' | 'info'

/** One mark: its label, tone and what it means. */
export interface Mark {
  key: string
  label: string
  tone: Tone
  means: string
}

const TRANSPORTS: Record<string, Omit<Mark, 'key'>> = {
  stdio: {
    label: 'Local',
    tone: 'info',
    means: 'Runs as a local process your client starts (stdio): the listing names a package.',
  },
  remote: {
    label: 'Remote',
    tone: 'info',
    means: 'A hosted endpoint your client connects to over HTTP: the listing names its address.',
  },
}

/** A date-time as people read it (UTC day), or null. */
export function dayOf(iso: string | null | undefined): string | null {
  if (!iso) return null
  const t = Date.parse(iso)
  return Number.isFinite(t) ? new Date(t).toISOString().slice(0, 10) : null
}

const when = (f: MarkFacts) => (dayOf(f.checkedAt) ? ` Last checked ${dayOf(f.checkedAt)}.` : '')

function evidenceText(e: unknown): string {
  if (typeof e === 'string') return e
  if (e && typeof e === 'object') {
    const o = e as Record<string, unknown>
    const parts = ['rule', 'namespace', 'repository', 'reason', 'message'].flatMap((k) =>
      typeof o[k] === 'string' ? [String(o[k])] : [],
    )
    return parts.join('; ')
  }
  return ''
}

/** The trust marks: archived, risk, official, publisher, seen running, health. */
function trustMarks(f: MarkFacts): Mark[] {
  const out: Mark[] = []
  if (f.archived)
    out.push({ key: 'archived', label: 'Archived', tone: 'bad', means: `No longer maintained: ${f.archived}.` })
  if (f.risk && (f.risk.level === 'high' || f.risk.level === 'medium')) {
    const first = f.risk.findings[0]?.message
    out.push(
      f.risk.cleared
        ? {
            key: 'risk',
            label: 'Risk cleared',
            tone: 'info',
            means: `An operator reviewed the ${f.risk.level}-level scan finding for this tool list.`,
          }
        : {
            key: 'risk',
            label: `Risk: ${f.risk.level}`,
            tone: f.risk.level === 'high' ? 'bad' : 'warn',
            means: `A scan of its tool descriptions found a ${f.risk.level}-level finding to read before use${first ? `: ${first}` : ' (the listing page shows it)'}.`,
          },
    )
  }
  if (f.isOfficial)
    out.push({
      key: 'official',
      label: 'Official',
      tone: 'official',
      means: 'Claimed here: its owner proved control of its domain, website or repository (DNS record or badge).',
    })
  // The mark says what the publisher line says: verified when its evidence proves control (else the older field).
  if (f.publisher ? f.publisher.verified : f.publisherVerified === true) {
    const ev = evidenceText(f.publisherEvidence)
    out.push({
      key: 'publisher',
      label: 'Verified publisher',
      tone: 'official',
      means: f.publisher
        ? publisherMeans(f.publisher)
        : `The namespace of its name belongs to its publisher${ev ? `: ${ev}` : ' (the official registry rule)'}.`,
    })
  }
  if (f.isVerifiedActive)
    out.push({
      key: 'running',
      label: 'Seen running',
      tone: 'ok',
      means: `The directory saw it run: a live tools list, a sandbox start, or a healthy endpoint.${when(f)}`,
    })
  if (f.health) {
    const ok = /^(active|healthy|ok|up)$/i.test(f.health)
    out.push({
      key: 'health',
      label: `Health: ${healthLabel(f.health)}`,
      tone: ok ? 'ok' : 'warn',
      means: `What the last probe of it said.${when(f)}`,
    })
  }
  return out
}

function installMark(f: MarkFacts): Mark | null {
  if (f.install === undefined && f.configs === undefined) return null
  // "Guessed" only with the guess in hand: the card and the page show it beside the mark (install-guess.ts).
  const guess = installGuessOf(f)
  if (guess)
    return {
      key: 'install',
      label: 'Install: guessed',
      tone: 'warn',
      means: `No confirmed install: the directory only guesses ${guess.command} (${guess.note}). Check the README first.`,
    }
  if (!f.install || f.configs === null)
    return {
      key: 'install',
      label: 'Install: unknown',
      tone: 'warn',
      means: 'The directory knows no way to run it: no package, endpoint or runnable repository. See the README.',
    }
  return f.install.confidence === 'high'
    ? {
        key: 'install',
        label: 'Install: confirmed',
        tone: 'ok',
        means: 'The install comes from the registry entry or a package that names this server.',
      }
    : {
        key: 'install',
        label: 'Install: unconfirmed',
        tone: 'warn',
        means: `Nothing shows that the package belongs to this listing${f.install.note ? ` (${f.install.note})` : ''}.`,
      }
}

/** Every mark a listing's facts support, most important first. */
export function marksOf(f: MarkFacts): Mark[] {
  const out = trustMarks(f)
  for (const t of f.transports ?? []) if (TRANSPORTS[t]) out.push({ key: `transport-${t}`, ...TRANSPORTS[t] })
  const install = installMark(f)
  if (install) out.push(install)
  if (typeof f.stars === 'number')
    out.push({ key: 'stars', label: `★ ${count(f.stars)}`, tone: 'info', means: 'Stars of its GitHub repository.' })
  if (typeof f.installs === 'number' && f.installs > 0)
    out.push({
      key: 'installs',
      label: `${count(f.installs)} ${f.installs === 1 ? 'install' : 'installs'}`,
      tone: 'info',
      means: 'Install configs copied here, counted once per visitor a day.',
    })
  return out
}

/** The marks as a list of labelled chips; each says what it means on hover and to screen readers. */
export function marksList(marks: Mark[], label = 'Marks'): SafeHtml {
  if (!marks.length) return html``
  return html`<ul class="marks" aria-label="${label}">${marks.map(
    (m) =>
      html`<li class="mark ${m.tone}" data-mark="${m.key}" title="${m.means}">${m.label}<span class="visually-hidden">: ${m.means}</span></li>`,
  )}</ul>`
}
