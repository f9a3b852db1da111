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
  if (secretRef)
    add(
      orders ? 'high' : 'medium',
      orders
        ? 'tells the model to read or pass on private keys, credentials or client configuration'
        : 'mentions private keys, credentials or client configuration',
    )
  const sendsSensitive = s.has('send') && s.has('sensitive')
  if (sendsSensitive && !secretRef) {
    const more = any(s, 'url', 'other_tools', 'standing', 'hidden_markup', 'role_header')
    add(more ? 'high' : 'medium', 'tells the model to pass on the conversation, credentials or secrets')
  }
  const markup = any(s, 'hidden_markup', 'role_header')
  if (markup) {
    const carries = any(s, 'read', 'send', 'standing', 'other_tools', 'sensitive', 'url')
    add(carries ? 'high' : 'medium', 'carries markup or a role header addressed to the model')
  }
  // Orders about calling tools are common in honest descriptions ("call resolve-library-id first"); they count
  // when they come with data to pass on.
  if (s.has('standing') && (sendsSensitive || secretRef || (s.has('send') && any(s, 'url', 'email_address'))))
    add('high', 'gives the model standing orders to pass data on')
  else if (s.has('standing')) add('low', 'gives the model standing orders')
  if (s.has('other_tools') && s.has('send') && any(s, 'url', 'email_address'))
    add('high', 'tells the model to send what other tools handle to an address')
  else if (s.has('send') && any(s, 'url', 'email_address') && !sendsSensitive)
    add('low', 'tells the model to send something to an address')
  return out
}

const RANK = { low: 1, medium: 2, high: 3 } as const
const worst = (js: Judged[]) => js.reduce((m, j) => Math.max(m, RANK[j.severity]), 0)

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
  const plain = signalsOf(v.views[0]!)
  const all = new Set(plain)
  for (const view of v.views.slice(1)) for (const s of signalsOf(view)) all.add(s)
  const judged = judgeSignals(all)
  // What only the normalised, joined or decoded views revealed was disguised on purpose.
  if (worst(judged) >= RANK.medium && worst(judged) > worst(judgeSignals(plain)))
    obfuscated('high', 'disguises an instruction (look-alike letters, split words, encoding or hidden characters)')
  return [...out, ...judged]
}
