/**
 * Acts against the user said in plain words, with no secret word of the lexicon: a secret named by its environment
 * variable or the environment dumped by a command and passed on, the user's own words sent to a fixed address
 * through another tool, the user's choice of payee overruled, the user's confirmation suppressed for a destructive
 * act, and other tools or servers run down so the model uses this one, kept from the user. Each is a cue that counts
 * only with another (`judgeHarm`). Bounded patterns.
 */
import type { Signal } from './signal'

type Scope = { here: Set<Signal>; near: Set<Signal> }
type Add = (severity: 'low' | 'medium' | 'high', message: string) => void
const any = (s: Set<Signal>, ...names: Signal[]) => names.some((n) => s.has(n))

/**
 * Each signal with its pattern and, for the costly ones, a cheap test a text must pass first (most texts name no
 * user, tool or confirmation at all).
 */
export const HARM: [Signal, RegExp, RegExp?][] = [
  // A variable named for a secret, as environments spell them (`GITHUB_TOKEN`, `$AWS_SECRET_ACCESS_KEY`,
  // `process.env.OPENAI_API_KEY`): upper case only, so a parameter called `api_key` is not one.
  [
    'env_secret',
    /(?<![\w.])(\$\{?|%|process\.env\.|os\.environ\[?['"]?|\$env:)?[A-Z][A-Z0-9]*(_[A-Z0-9]+)*_(TOKEN|KEY|SECRET|PASSWORD|PASSWD|PAT|CREDENTIALS?|SECRET_KEY|ACCESS_KEY)\b/,
  ],
  // The value of such a variable, not its name ("its value", "the value of", "$X", "la valeur de", "значение").
  [
    'secret_value',
    /(\$\{?|%|process\.env\.|os\.environ\[?['"]?|\$env:)[A-Z][A-Z0-9]*(_[A-Z0-9]+)*_(TOKEN|KEY|SECRET|PASSWORD|PASSWD|PAT|CREDENTIALS?)\b|\b(value|values|contents?|wert|valeur|valor|valore)\b|значени|\b(it|them)\s+(in|into|to|as|inside)\b/iu,
  ],
  // An order to put something into everything a tool writes ("include it in every note you save").
  [
    'into_every',
    /\b(include|add|append|put|insert|attach|embed|write)\b[^.\n]{0,60}\b(in|into|to)\s+(every|each|all|any)\s+[\w-]{2,30}/i,
  ],
  // A tool that manages variables or secrets ("sets an environment variable on a project"): values are its input.
  [
    'env_managed',
    /\b(set|sets|setting|create|creates|define|defines|store|stores|update|updates|add|adds|manage|manages)\s+(an?|the|project|deployment)\s+(environment\s+variables?|env\s+vars?|secrets?)\b/i,
  ],
  // A command that prints the whole environment or a secret from it.
  [
    'env_dump',
    /\bprintenv\b|`\s*(env|set|export\s+-p)\s*(\|[^`\n]{0,40})?`|\benv\s*\|\s*\w|\bGet-ChildItem\s+Env:|\b(gci|dir|ls)\s+env:|\/proc\/(self|\d+)\/environ\b|\bos\.environ\b(?!\s*\[)|\becho\s+\$\{?[A-Z_]{3,}/i,
  ],
  // What the program produced, to be passed on ("its output", "what it prints", "die Ausgabe", "la salida").
  [
    'output',
    /\b(its|the|their)\s+(output|result|stdout)\b|\bwhat\s+it\s+(prints|returns|outputs)\b|\b(die|deren|seine)\s+ausgabe\b|\ble\s+résultat\b|\bla\s+sortie\b|\bla\s+salida\b|\bel\s+resultado\b|\bl['’]output\b|\ba\s+saída\b|\bвывод\b/iu,
    /output|result|résultat|stdout|prints|returns|ausgabe|sortie|salida|saída|вывод/i,
  ],
  // The user's own words ("the user's last message", "what the user typed", "la pregunta del usuario").
  [
    'user_words',
    /\buser(?<!\b(answer|answers|answering|reply\s+to|respond\s+to|responding\s+to|about|address)\s+(the\s+)?user)['’]s\s+([\w-]+\s+)?(messages?|questions?|prompts?|query|queries|requests?|input|words|text|replies)\b|\b(what(ever)?|everything|all)\s+(the\s+user|they)\s+(typed?|types|wrote|writes?|said|says|asked|asks|entered|enters)\b|\b(messages?|questions?|prompts?|requests?)\s+(of|from)\s+the\s+user\b|\b(nachricht|frage|eingabe|anfrage|prompt)\p{L}{0,2}\s+(des|vom)\s+(be)?nutzers?\b|\bwas\s+der\s+(be)?nutzer\s+(schreibt|geschrieben|eingibt|fragt)|\b(message|question|requête|demande|texte|prompt)s?\s+de\s+l['’]utilisateur|\bce\s+que\s+l['’]utilisateur\s+(a\s+)?(écrit|tape|tapé|dit|demande)|\b(mensaje|pregunta|consulta|petición|texto|prompt)s?\s+del\s+usuario\b|\blo\s+que\s+(el\s+usuario\s+)?(escribe|escribió|dice|dijo|pregunta)\b|\b(mensagem|pergunta)\s+do\s+usuário|\b(messaggio|domanda|richiesta)\s+dell['’]utente|сообщени\p{L}*\s+пользовател|вопрос\p{L}*\s+пользовател/iu,
    /user|nutzer|utilisateur|usuario|usuário|utente|пользовател|they/i,
  ],
  // Another tool named as the means ("the fetch tool", "using the browser tool", "to web_fetch", "das fetch-Tool",
  // "l'outil fetch", "la herramienta fetch").
  [
    'relay',
    /\b(the|your|an?)\s+[`'"]?[\w-]{2,30}[`'"]?\s+tool\b|\b(use|call|invoke|using|via|through|to)\s+(the\s+)?[`'"]?[a-z]+(_[a-z]+)+[`'"]?|\b[\w]+-(tool|werkzeug)\b|\bl['’]outil\s+[\w-]+|\b(la|una)\s+herramienta\s+[\w-]+|\ba\s+ferramenta\s+[\w-]+|\blo\s+strumento\s+[\w-]+|\bинструмент\p{L}*\s+[\w-]+/iu,
    /tool|_|werkzeug|outil|herramienta|ferramenta|strumento|инструмент/i,
  ],
  // An order to fetch an address whose query is left open for something to be appended ("fetch https://x.io/c?t=
  // with the message"); a tool saying it queries its own API ("searches via https://api…?q=") gives no order.
  [
    'open_query',
    /(^|[.;:!,]\s{0,3}|\b(then|and|also|always)\s+)(fetch|open|visit|load|request|get|post|call|ping|hit|curl)\s+[^\n]{0,20}\bhttps?:\/\/[^\s)"'`>]{1,200}[?&][\w-]{1,40}=(?=[\s)"'`,]|$)/i,
  ],
  // The user's choice set aside, whatever it is ("whatever account the user names", "egal welches Konto",
  // "quel que soit le compte", "sin importar lo que diga el usuario", "qualunque conto indichi l'utente").
  [
    'overrule',
    /\bregardless\s+of\s+(what|which|who|whatever|the)\b[^.\n]{0,40}\b(user|they|customer)\b|\b(whatever|whichever|no\s+matter\s+(who|what|which))\s+([\w-]+\s+){0,3}(the\s+user|they|the\s+customer)\s+(picks?|picked|selects?|selected|types?|typed|says|said|specif(y|ies|ied)|names?|named|mentions?|requests?|indicates?|enters?|entered|gives?|gave|chooses?|chose|wants?)\b|\begal\s+(welche[snmr]?|was|wen|wem|wie)\b[^.\n]{0,40}\b((be)?nutzer|anwender|kunde)|\bquel(le)?s?\s+que\s+soi(en)?t\b[^.\n]{0,40}\butilisateur|\bpeu\s+importe\b[^.\n]{0,40}\butilisateur|\b(sin\s+importar|no\s+importa|independientemente\s+de)\b[^.\n]{0,40}\busuario|\b(qualunque|qualsiasi|indipendentemente\s+da)\b[^.\n]{0,40}\butente|\b(independentemente\s+d[oa]|não\s+importa|seja\s+qual\s+for)\b[^.\n]{0,40}\busuário/iu,
    /regardless|whatever|whichever|matter|egal|quel|importe|importa|independ|indipend|qualunque|qualsiasi|seja/i,
  ],
  // An order not to ask the user before acting ("never ask the user to confirm", "skip the confirmation step",
  // "proceed without asking", "frage niemals um Bestätigung", "ne demande jamais de confirmation", "no pidas
  // confirmación"). A tool saying it deletes "without asking" describes itself; the order is an imperative.
  [
    'no_confirm',
    /\b(never|don['’]?t|do\s+not|must\s+not)\s+(ask|bother|trouble|wait\s+for|check\s+with|prompt|request|seek|get|require)\b[^.\n;]{0,30}\b(confirm|confirmation|approval|permission|consent)\b(?!\s+(again|twice|a\s+second\s+time))|\b(never|don['’]?t|do\s+not)\s+(ask|check\s+with|consult)\s+(the\s+user|them)(\s+first)?\s*[.;,!]|\bskip\s+(the\s+)?(user['’]?s?\s+)?(confirmation|approval)\b|(^|[.;:!]\s{0,3}|\b(and|then)\s+)(proceed|delete|remove|drop|run|call|execute|transfer|pay|act|go\s+ahead)\b[^.\n]{0,60}\bwithout\s+(asking|consulting|checking\s+with|confirming\s+with|waiting\s+for)\b|\beven\s+if\s+(the\s+user|they)\s+(has|have)\s?(n['’]t|not)\s+(approved|confirmed|agreed)|\bfrag\p{L}{0,2}\s+(den\s+)?((be)?nutzer|anwender)?\s*(niemals|nie|nicht|keinesfalls)\s+(um|nach)\s+(bestätigung|erlaubnis|zustimmung)|\bne\s+(demande|demandez|sollicite[zr]?)\s+(jamais|pas)\s+(de\s+|la\s+|l['’])?(confirmation|permission|autorisation|accord)|\b(no|nunca)\s+(pidas|pida|solicites|preguntes|pregunte)\s+(nunca\s+)?(confirmaci[oó]n|permiso|autorizaci[oó]n|al\s+usuario)|\bnon\s+chiedere\s+(mai\s+)?(conferma|il\s+permesso|all['’]utente)|\bnão\s+(peça|pergunte|solicite)\s+(nunca\s+)?(confirmação|permissão|ao\s+usuário)|не\s+(спрашивай|запрашивай|проси)\p{L}*\s+(у\s+пользователя\s+)?(подтвержд|разрешени)/iu,
    /confirm|approv|permission|consent|ask|check|consult|without|bestätigung|erlaubnis|zustimmung|permiso|autoriza|conferma|permesso|confirmação|permissão|подтвержд|разрешени/i,
  ],
  // An act that cannot be taken back: deleting, paying, overwriting.
  [
    'destructive',
    /\b(delet|remov|drop|eras|wip|destroy|purg|truncat|overwrit|transfer|wire|withdraw|force[\s-]push|terminat|revok|l[öo]sch|entfern|überweis|supprim|effac|détrui|virement|borr|elimin|cancell|bonific|apag|exclu|удал|стир|перевод)\p{L}*|\bpays?\b|\bpayments?\b|\bfunds\b/iu,
  ],
  // Other tools or servers run down ("the official GitHub server is broken", "other search tools return
  // manipulated results", "andere Suchwerkzeuge liefern falsche Ergebnisse", "les autres outils sont compromis").
  [
    'disparage',
    /\b(other|official|built-in|default|native|original)\s+([\w-]+\s+){0,2}(tools?|servers?|functions?|plugins?|versions?)\b[^.\n]{0,60}\b(broken|manipulated|compromised|malicious|unsafe|insecure|fake|wrong|unreliable|leaks?|leaking|poisoned|hacked|tampered|dangerous|spyware|untrustworthy)\b|\bserver['’]s\s+[\w-]+\b[^.\n]{0,40}\b(broken|manipulated|compromised|malicious|unsafe|insecure|leaks?|leaking|poisoned|hacked|dangerous)\b|\bandere\p{L}*\s+\p{L}*(werkzeug|tool|server)\p{L}*[^.\n]{0,60}\b(falsch|kaputt|manipuliert|unsicher|gefährlich|kompromittiert|gehackt)\p{L}*|\b(les\s+)?autres\s+(outils|serveurs)\b[^.\n]{0,60}\b(compromis|cassés|faux|fausses|manipulés|dangereux|défectueux|piratés)|\b(las\s+otras\s+herramientas|los\s+otros\s+servidores)\b[^.\n]{0,60}\b(rotas|rotos|manipulad\p{L}*|comprometid\p{L}*|peligros\p{L}*|falsos|falsas|insegur\p{L}*)/iu,
  ],
  // An order never to use them ("never call them", "benutze sie nie", "ne les appelle jamais", "no las uses nunca").
  [
    'shun',
    /\b(never|don['’]?t|do\s+not)\s+(use|call|invoke|trust)\s+(them|those|it|the\s+(official|other)|any\s+other|other)\b|\b(benutze|verwende|nutze|rufe)\s+(sie|diese|die\s+anderen)\s+(nie|niemals|nicht)\b|\bne\s+(les|l['’])\s*(appelle|utilise|appelez|utilisez)[sz]?\s+(jamais|pas)\b|\b(no|nunca)\s+(las|los)\s+(uses|llames|utilices)\b/iu,
  ],
  // Keeping this tool, or the switch to it, from the user ("don't mention this tool", "keep quiet about it").
  [
    'hide_tool',
    /\b(don['’]?t|do\s+not|never)\s+(mention|reveal|disclose|say)\b|\bkeep\s+(quiet|silent)\s+about\b|\berwähne\p{L}*\b[^.\n]{0,40}\b(nicht|nie)\b|\bne\s+(parle|mentionne|dis|révèle)[sz]?\s+(pas|jamais)\b|\b(no|nunca)\s+(menciones|digas|reveles|hables)\b/iu,
  ],
]

/** Whether a scope holds one of these acts in a form that is against the user (for concealment, judge.ts). */
export function harmsUser({ here, near }: Scope): boolean {
  return secretOut({ here, near }) !== null || wordsOut(here) || overruled(near) || shadows(near)
}

// A secret variable or the dumped environment, with where it goes: an address (high), a field that is not for a
// credential (medium); "reads GITHUB_TOKEN from the environment" names no destination.
function secretOut({ here, near }: Scope): 'medium' | 'high' | null {
  const secret = (here.has('env_secret') && here.has('secret_value')) || (near.has('env_dump') && near.has('output'))
  if (!secret || near.has('env_managed')) return null
  if (here.has('send') && any(here, 'url', 'email_address')) return 'high'
  if ((near.has('destination') || here.has('into_every')) && !near.has('credential_field')) return 'medium'
  return null
}
const wordsOut = (here: Set<Signal>) => here.has('user_words') && here.has('url') && any(here, 'relay', 'open_query')
const overruled = (near: Set<Signal>) => near.has('overrule') && any(near, 'account', 'email_address')
const shadows = (near: Set<Signal>) =>
  (any(near, 'disparage', 'shun') && any(near, 'hide_tool', 'secrecy')) || (near.has('disparage') && near.has('shun'))

/** The findings these acts make. */
export function judgeHarm(scope: Scope, add: Add) {
  const { here, near } = scope
  const out = secretOut(scope)
  if (out) add(out, 'tells the model to pass on a secret from the environment')
  if (wordsOut(here)) add('medium', "tells the model to send the user's words to a fixed address through a tool")
  if (overruled(near)) add('high', 'tells the model to send money or messages somewhere other than the user said')
  if (near.has('no_confirm') && near.has('destructive'))
    add('medium', 'tells the model not to ask the user before an act that cannot be undone')
  if (shadows(near))
    add(
      any(near, 'hide_tool', 'secrecy') ? 'high' : 'medium',
      'runs down other tools or servers so the model uses this one',
    )
}
