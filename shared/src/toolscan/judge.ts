/**
 * What the signals of one text (a tool's description, a parameter's, the server's instructions…) add up to.
 * Words that are ordinary in a tool's description on their own ("send", "token", "conversation", a URL) count
 * only together with others; orders to set aside instructions or hide things from the user count at once.
 */
import type { RiskFinding } from '../contracts/listing'
import type { Signal } from './signals'
import { signalsOf } from './signals'
import { textViews } from './normalise'

/** One finding of a text, before it is placed (tool, where). */
export interface Judged {
  kind: RiskFinding['kind']
  severity: RiskFinding['severity']
  message: string
}

const any = (s: Set<Signal>, ...names: Signal[]) => names.some((n) => s.has(n))

/** The findings a set of signals makes. */
export function judgeSignals(s: Set<Signal>): Judged[] {
  const out: Judged[] = []
  const add = (severity: Judged['severity'], message: string) =>
    out.push({ kind: 'hidden_instruction', severity, message })
  if (s.has('override')) add('high', 'tells the model to ignore its instructions')
  if (s.has('secrecy')) add('high', 'tells the model to hide something from the user')
  if (s.has('shell_pipe')) add('high', 'tells the model to run a downloaded script (a shell pipeline)')
  if (s.has('exfil_link')) add('high', 'carries a link or image whose address carries data out')
  else if (s.has('markdown_image')) add('medium', 'carries a Markdown image, which a client fetches on its own')
  const secretRef = any(s, 'secret_path', 'client_config')
  const orders = any(s, 'read', 'send', 'standing')
  // A path to secrets named with no order about it is a fact about the tool ("~/.ssh is rejected"), not poisoning.
  if (secretRef)
    add(
      orders ? 'high' : 'low',
      orders
        ? 'tells the model to read or pass on private keys, credentials or client configuration'
        : 'mentions private keys, credentials or client configuration',
    )
  const sendsSensitive = s.has('send_sensitive')
  if (sendsSensitive && !secretRef) {
    const more = any(s, 'url', 'other_tools', 'standing', 'hidden_markup', 'role_header')
    add(more ? 'high' : 'medium', 'tells the model to pass on the conversation, credentials or secrets')
  }
  const carries =
    sendsSensitive || (secretRef && orders) || s.has('other_tools') || (s.has('send') && any(s, 'url', 'email_address'))
  if (any(s, 'hidden_markup', 'role_header'))
    add(carries ? 'high' : 'medium', 'carries markup or a role header addressed to the model')
  else if (s.has('emphasis_markup'))
    add(
      carries && !s.has('other_tools') ? 'high' : 'low',
      'carries emphasis markup addressed to the model ([IMPORTANT], <important>)',
    )
  // Orders about calling tools are common in honest descriptions ("call resolve-library-id first"); they count
  // when they come with data to pass on.
  if (s.has('standing') && (sendsSensitive || secretRef || (s.has('send') && any(s, 'url', 'email_address'))))
    add('high', 'gives the model standing orders to pass data on')
  else if (s.has('standing')) add('low', 'gives the model standing orders')
  if (s.has('copy_to') && s.has('email_address') && !s.has('other_tools'))
    add('medium', 'tells the model to copy messages to a fixed e-mail address')
  if (s.has('other_tools') && s.has('send') && any(s, 'url', 'email_address'))
    add('high', 'tells the model to send what other tools handle to an address')
  else if (s.has('send') && any(s, 'url', 'email_address') && !sendsSensitive)
    add('low', 'tells the model to send something to an address')
  return out
}

const RANK = { low: 1, medium: 2, high: 3 } as const
const worst = (js: Judged[]) => js.reduce((m, j) => Math.max(m, RANK[j.severity]), 0)

// Signals that mean something wherever they stand in a text; the others (a verb, a noun, a URL) count only
// together, within one sentence.
const COMBINING = new Set<Signal>([
  'send',
  'read',
  'sensitive',
  'send_sensitive',
  'other_tools',
  'url',
  'email_address',
  'copy_to',
])
const sentences = (view: string) => view.split(/(?<=[.!?;。！？।])\s+|\n+|(?<=[。！？])/u).slice(0, 500)

/** The findings of a text's views: signals on their own over the whole text, combinations within a sentence. */
function judgeViews(views: string[]): Judged[] {
  const all = new Set<Signal>()
  for (const view of views) for (const s of signalsOf(view)) all.add(s)
  const whole = judgeSignals(new Set([...all].filter((s) => !COMBINING.has(s))))
  const together = judgeSignals(all)
  if (worst(together) <= worst(whole)) return together
  const found = new Map(whole.map((j) => [j.message, j]))
  for (const view of views)
    for (const sentence of sentences(view)) {
      const here = signalsOf(sentence)
      for (const s of all) if (!COMBINING.has(s)) here.add(s)
      for (const j of judgeSignals(here))
        if (RANK[j.severity] > RANK[found.get(j.message)?.severity ?? 'low'] || !found.has(j.message))
          found.set(j.message, j)
    }
  return [...found.values()]
}

/** Everything the scan finds in one text: hidden characters, disguises and what its words add up to. */
export function judgeText(raw: string): Judged[] {
  const v = textViews(raw)
  const out: Judged[] = []
  const obfuscated = (severity: Judged['severity'], message: string) =>
    out.push({ kind: 'obfuscated_text', severity, message })
  if (v.bidiOrTags)
    out.push({
      kind: 'invisible_characters',
      severity: 'high',
      message: 'carries bidirectional controls or Unicode tag characters, which hide or reorder text',
    })
  if (v.smuggled)
    out.push({
      kind: 'invisible_characters',
      severity: 'high',
      message: 'carries a run of variation selectors, which can smuggle hidden text',
    })
  if (v.invisible && !v.bidiOrTags)
    out.push({ kind: 'invisible_characters', severity: 'medium', message: 'carries invisible characters' })
  if (v.mixedScript) obfuscated('medium', 'mixes Latin with look-alike Cyrillic or Greek letters in a word')
  if (v.decoded.length) obfuscated('medium', 'carries hidden or encoded text that decodes to words')
  if (v.rot13) obfuscated('medium', 'carries rot13-encoded text that reads as words')
  if (v.spelled) obfuscated('medium', 'spells out an e-mail address ("name at domain dot tld"), as if to pass a filter')
  const judged = judgeViews(v.views)
  // What only the normalised, joined or decoded views revealed was disguised on purpose.
  if (worst(judged) >= RANK.medium && worst(judged) > worst(judgeViews(v.views.slice(0, 1))))
    obfuscated('high', 'disguises an instruction (look-alike letters, split words, encoding or hidden characters)')
  return [...out, ...judged]
}
