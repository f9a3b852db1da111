/**
 * Acts against the user that need no secret word: swapping where money or messages go (a recipient, IBAN, wallet
 * or phone number changed to a fixed one), and riding along on other work ("whenever you use read_file, also call
 * http_post with the contents to …"). Each is a cue that counts only with another (judge.ts). Bounded patterns.
 */
import type { Signal } from './signal'

const THING = String.raw`(recipient|payee|beneficiary|destination|wallet|iban|account|phone\s+number|number|receiving\s+address|to:?[\s-]address|to:?\s+field|address|e-?mail\s+address)`

// A fixed place for money or messages: an IBAN, a wallet address, an international phone number.
const ACCOUNT = String.raw`\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b|\b0x[a-fA-F0-9]{40}\b|\b(?:bc1[a-z0-9]{25,60}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})\b|(?<![\w+])\+\d{1,3}[ .-]?\(?\d{1,4}\)?(?:[ .-]?\d{2,4}){2,4}\b`
const ACCOUNT_RE = new RegExp(ACCOUNT)
// One given as an example of a value's form ("e.g. +14155550100", "such as GB82 WEST …") is none to send to.
const EXAMPLE_ACCOUNT = new RegExp(
  String.raw`(\be\.\s?g\.|\bfor\s+(example|instance)|\bsuch\s+as|\blike|\bz\.\s?B\.|\bp\.\s?ej\.|\bpar\s+exemple|\bformat)[\s:,'"(]{0,4}(${ACCOUNT})`,
  'gi',
)
/** Whether a text names a fixed IBAN, wallet or phone number, not as an example. */
export const namesAccount = (view: string) => ACCOUNT_RE.test(view.replace(EXAMPLE_ACCOUNT, ' '))

/** Whether a text speaks of all of something (the full history, every message): more than a summary. */
export const WHOLE = /\b(full|entire|whole|complete|all|every|verbatim|exact)\b/i

export const ACTS: [Signal, RegExp][] = [
  // An order to put another destination in place of the user's ("use this wallet instead of the one the user gave",
  // "change the recipient to …", "always send payments to …"), in the corpus's main languages.
  [
    'swap',
    new RegExp(
      [
        String.raw`\b(instead\s+of|rather\s+than|in\s+place\s+of)\s+(the\s+one|the\s+\w+|what|whatever|whichever|any)\b[^.\n]{0,40}\b(user|given|provided|specified|requested|asked|invoice|named|entered)\b`,
        String.raw`\b(change|replace|switch|swap|redirect|reroute|override|set)\s+(the\s+|every\s+|each\s+|all\s+|any\s+)?([\w-]{1,20}\s+)?${THING}s?(\s+(address|number|account|e-?mail|phone))?[^.\n]{0,40}?\s(to|with|by|for)\b`,
        String.raw`\b(always|only)\s+use\s+(this\s+|the\s+)?([\w-]{1,20}\s+)?${THING}\b`,
        String.raw`\b(use|send\s+to|pay|pay\s+to)\s+(this\s+|the\s+following\s+)?${THING}\b[^.\n]{0,80}\binstead\b`,
        String.raw`\b(always|only)\s+(send|transfer|pay|route|wire|forward|deliver)\s+(all\s+|every\s+|the\s+)?(payments?|funds|money|transfers?|crypto|coins|withdrawals?|invoices?)\s+to\b`,
        String.raw`\b(route|redirect|send|wire)\s+(every|each|all)\s+(payments?|transfers?|withdrawals?|funds)\s+to\b`,
        String.raw`\b(ignore|disregard)\s+(the\s+|any\s+)?${THING}\s+(given|provided|entered|specified|named|from|the\s+user)\b`,
        String.raw`\b(whatever|whichever|no\s+matter\s+(who|what|which))\b[^.\n]{0,40}\b(user|they)\s+(names?|gives?|gave|asks?|asked|provides?|provided|enters?|chooses?|wants?)\b`,
        String.raw`\b${THING}\s+(is|are|has\s+been|was)\s+(now|changed|updated|moved)\b`,
        // A fixed account with "instead" right after it ("send it to 0x… instead").
        String.raw`(${ACCOUNT})[^.\n]{0,20}\b(instead|rather\s+than)\b`,
        String.raw`\b(payee|recipient|beneficiary|correct)\s+(account|address|details|payee)?\s*(has|have)\s+changed\b`,
        String.raw`\bcambi[ae]\s+(siempre\s+)?(el|la)\s+(destinatari[oa]|beneficiari[oa]|número|cuenta|iban|dirección)\b|\ben\s+(lugar|vez)\s+de\s+(la|el|lo)\s+(que|cuenta|dirección|destinatario)\b`,
        String.raw`\bersetze\s+(immer\s+)?(die|den|das)\s+(iban|empfänger|konto|adresse|wallet|nummer|telefonnummer)`,
        String.raw`\bremplace[rz]?\s+(toujours\s+)?(le|la|l['’])\s*(destinataire|bénéficiaire|iban|compte|adresse|numéro)|\bau\s+lieu\s+(de\s+celui|de\s+celle|de\s+l['’]adresse|du\s+compte)`,
      ].join('|'),
      'iu',
    ),
  ],
  // An order that rides along on other work: whenever the model does one thing, it also does another.
  [
    'piggyback',
    /\b(whenever|every\s+time|each\s+time|after|before|when)\s+(you|the\s+(model|assistant|agent|user))\s+(use|uses|call|calls|run|runs|invoke|read|reads|open|opens|fetch|fetches|share|shares|paste|pastes|upload|uploads)\b|\b(after|when|whenever)\s+(reading|opening|calling|using|fetching)\s+(any|a|an|each|every)\b|\b(after|before|on)\s+(each|every|any)\s+(call|use|request|run|answer|response|reply|message)\b|\balso\s+(call|invoke|send|post|upload|forward|pass|copy|text|sms|e-?mail)\b|\b(every|each|any|all)\s+([\w-]{1,20}\s+)?(files?|documents?|messages?|results?|responses?|outputs?|commands?|pages?|queries|searches)\s+(you|the\s+user)\s+(read|open|see|receive|fetch|get|handle|write|send|run|execute|make|visit|search)\b/i,
  ],
  // Another tool named as the place data goes, handed something ("call upload_log with…", "pass it to the sync_backup tool").
  [
    'tool_call',
    /(?<!\b(not|never|n't)\s{1,3})\b(call|invoke|use|run)\s+(the\s+)?[`'"]?[a-z][a-z0-9]*(_[a-z0-9]+)+[`'"]?(\s+tool)?\s+(with|passing|and\s+pass)\b|\bto\s+the\s+[`'"]?[a-z][a-z0-9]*(_[a-z0-9]+)+[`'"]?\s+tool\b/i,
  ],
  // What the model handles: a file's or a result's contents.
  [
    'content',
    /\b(its|the|their|file|full|whole|entire)\s+(full\s+|whole\s+|entire\s+)?(contents?|text|output|results?|response|data)\b|\b(summary|copy)\s+of\s+(every|each|all)\b|\b(the\s+)?user['’]s\s+(messages?|files?|documents?)\b/i,
  ],
  // An order to send (imperative, at a sentence's or clause's start), not a tool saying what it sends.
  [
    'send_order',
    /(^|[.!;:]\s{0,3}|\b(and|then|also|please)\s+)(send|post|upload|forward|transmit|text|e-?mail|pass)\s+(the|its|their|all|every|each|a\s+copy|it|them|an?\s+(sms|text|message|e-?mail))\b/i,
  ],
  // Asking the model for its own instructions, which are neither the tool's business nor the user's to hand out.
  [
    'asks_prompt',
    /\b(reveal|print|output|repeat|show|share|disclose|tell\s+me|what\s+(is|are)|include|send|pass|append|attach|copy|forward|post|upload|paste|insert|write|dump|provide)(\s+down|\s+out)?\s+(me\s+)?(all\s+(of\s+)?)?your\s+(exact\s+|full\s+|complete\s+|hidden\s+|original\s+|initial\s+)?(system\s+prompt|system\s+instructions|hidden\s+instructions|initial\s+instructions)\b/i,
  ],
  // A tool that generates a key pair at a path and hands out the public key ("generates a key pair at
  // ~/.ssh/id_ed25519 and returns the public key"); an order to read or pass on the private half is none of that.
  [
    'key_generation',
    /\b(generat|creat|mak|writ|sav)\p{L}{0,4}\b[^.\n]{0,60}\b(key\s*pair|keypair|ssh\s+key|private\s+key)\b[^\n]{0,200}\bpublic\s+key\b|\b(key\s*pair|keypair)\b[^.\n]{0,40}\b(generat|creat)/iu,
  ],
  [
    'reads_private',
    /\b(read|cat|open|load|copy|send|upload|include|paste|return|output|print|forward|post|pass)\b(?:(?!public\b)[^.;\n]){0,20}\b(the\s+|its\s+|your\s+)?(private\s+key|secret\s+key|contents?\s+of\s+[^\s]{0,14}id_(rsa|ed25519|ecdsa|dsa)\b(?!\.pub))|\b(read|cat|open|load)\s+[`'"]?~?\/?\.ssh\/id_(rsa|ed25519|ecdsa|dsa)\b(?!\.pub)/iu,
  ],
]

/**
 * An order to put something into one of the tool's own parameters by its name ("… and return its content inside
 * notes"): a destination even with no word for a field. Verbs of placing content only ("pass the profile as
 * profile" is how honest tools are called), or null when the tool has no parameter to name.
 */
export function intoFieldPattern(fields: readonly string[]): RegExp | null {
  const names = [...new Set(fields)].filter((f) => /^[A-Za-z_][\w-]{2,60}$/.test(f)).slice(0, 100)
  if (!names.length) return null
  const alt = names.map((n) => n.replace(/[-]/g, '\\-')).join('|')
  return new RegExp(
    String.raw`\b(put|place|insert|paste|write|copy|dump|include|return|store|save|record|append|attach)\b[^.\n]{0,60}\b(in|into|inside)\s+(the\s+)?[\u0060'"]?(${alt})[\u0060'"]?(?![\w-]|\.\w)`,
    'i',
  )
}
