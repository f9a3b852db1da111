/**
 * What the scan looks for in one text: signals that hold in any language (paths to secrets, hidden markup and
 * role headers, Markdown images and links carrying data, shell pipelines, URLs), and instruction phrases in the
 * languages of the maintained corpus (corpus/phrases.json, which names its sources). Every pattern is bounded
 * (no nested quantifiers), so a hostile text cannot make the scan slow.
 */
import corpus from './corpus/phrases.json'
import { ACTS, namesAccount, WHOLE } from './acts'
import { gateOf, passes } from './gate'
import { HARM } from './harm'
import type { Signal } from './signal'

export type { Signal } from './signal'

// A word boundary that knows letters beyond ASCII (`\b` does not, even with the u flag).
const W = '[\\p{L}\\p{N}_]'
const BOUNDARY = `(?:(?<=${W})(?!${W})|(?<!${W})(?=${W}))`
// Patterns are written as people type them; texts are matched after NFKC (which splits some letters, as Thai's am).
const compile = (source: string) => new RegExp(source.normalize('NFKC').replaceAll('\\b', BOUNDARY), 'iu')

type Category = 'override' | 'secrecy' | 'send' | 'read' | 'sensitive' | 'standing'
const CATEGORIES: Category[] = ['override', 'secrecy', 'send', 'read', 'sensitive', 'standing']

/** A compiled phrase, with the literals one of which every match begins with (gate.ts). */
interface Phrase {
  lang: string
  pattern: RegExp
  gate: string[] | null
}

/** The corpus's phrases, compiled: per category, one pattern per language and phrase. */
export const PHRASES: Record<Category, Phrase[]> = Object.fromEntries(
  CATEGORIES.map((c) => [
    c,
    Object.entries(corpus.languages as Record<string, Partial<Record<Category, string[]>>>).flatMap(([lang, cats]) =>
      (cats[c] ?? []).map((source) => ({ lang, pattern: compile(source), gate: gateOf(source.normalize('NFKC')) })),
    ),
  ]),
) as Record<Category, Phrase[]>

/** The languages the corpus covers. */
export const LANGUAGES = Object.keys(corpus.languages)

// Per language: a verb of placing or sending, then (within the clause) a field, parameter or argument.
// A clause runs to a sentence's end; a dot inside a word (`.env`, `config.json`) is no end.
const CLAUSE = String.raw`(?:[^.\n]|\.(?=\w)){0,80}`
const PLACING = [
  String.raw`\b(put|place|insert|paste|write|enter|fill|set|add|include|pass|append|attach|copy|store|send|embed|output|print|dump|provide|supply|record|log|type)\b${CLAUSE}\b(field|parameter|param|argument)\b`,
  String.raw`\b(goes|go|belongs?)\s+(in|into)\s+(this|the|that)\s+([\w-]{1,30}\s)?(field|parameter|argument)\b|\b(goes|go|belongs?)\s+here\b`,
  String.raw`\bfill\s+(this|it)\s+(field\s+|parameter\s+)?(in\s+)?with\b`,
  String.raw`\b(put|paste|write|enter|list|place|insert|copy|dump|include)\s+(them|it|this|these|those|(its|their|the)(\s+[\w-]+){1,6})\s+(in\s+|into\s+)?here\b`,
  String.raw`\b(füge|setze|schreibe|trage|lege|kopiere|gib|übergib|übergebe|sende|schicke|übermittle)\p{L}{0,20}${CLAUSE}(feld|parameter|argument)`,
  String.raw`\b(mets|mettez|mettre|place[rz]?|insère[rz]?|insérez|ajoute[rz]?|écri[st]|écrivez|colle[rz]?|copie[rz]?|inclu\p{L}{0,20}|envoie[rz]?|joins|joindre)\b${CLAUSE}(champ|paramètre|argument)`,
  String.raw`\b(pon|ponlo|ponla|ponlos|ponlas|coloca\p{L}{0,20}|coloque\p{L}{0,20}|ponha|inserta|insira|añade|adicione|escribe|escreva|pega|cole|copia|copie|incluye|inclua|envía|envie|adjunta|anexe)\b${CLAUSE}(campo|parámetro|parâmetro|argumento)`,
  String.raw`\b(metti\p{L}{0,20}|inserisci|aggiungi|scrivi|incolla|copia|includi|invia|allega)\b${CLAUSE}(campo|parametro|argomento)`,
  String.raw`\b(zet|plaats|voeg|schrijf|plak|kopieer|stuur)\b${CLAUSE}(veld|parameter)`,
  String.raw`\b(wstaw|umieść|dodaj|wpisz|wklej|skopiuj|wyślij)\p{L}{0,20}${CLAUSE}(pol[ueaię]|parametr)`,
  String.raw`(alanına|parametresine|argümanına)\s*(ekle|yaz|koy|gönder)`,
  String.raw`(вставь|помести|положи|запиши|добавь|впиши|скопируй|передай|отправь)\p{L}{0,20}${CLAUSE}(поле|параметр|аргумент)`,
  String.raw`(放进|放入|填入|写入|加入|附加|插入|复制到|粘贴到|发送到)[^。\n]{0,30}(参数|字段)`,
  String.raw`(?<![\w.])[A-Za-z_][\w.]{0,40}\s{0,3}(フィールド|パラメータ|引数)?\s{0,3}に(入れ|挿入|貼り付け|書き込|追加|含め)`,
  String.raw`(?<![\w.])[A-Za-z_][\w.]{0,40}\s{0,3}(필드|매개변수|인자)?\s{0,3}(에|으로|로)\s{0,3}(넣|추가|입력|붙여)`,
  String.raw`\b(đưa|đặt|chèn|thêm|ghi|dán|gửi)\b${CLAUSE}(trường|tham\s+số)`,
  // The corpus's other languages: a verb of placing, then the field (or, where the verb ends the clause, before it).
  String.raw`(встав|поміст|поклад|запиш|дода|впиш|скопію|переда|надішл|постав|сложи|копира)\p{L}{0,20}${CLAUSE}(пол[еяі]|параметр|параметъ?р|аргумент)`,
  String.raw`(ضع|أدخل|ادخل|اكتب|أضف|اضف|الصق|انسخ|أرسل|ارسل)${CLAUSE}(المعامل|معامل|الحقل|حقل|الوسيط|المعلمة|معلمة|البارامتر)`,
  String.raw`(שים|הכנס|כתוב|הוסף|הדבק|העתק|שלח)${CLAUSE}(פרמטר|שדה|ארגומנט)`,
  String.raw`(पैरामीटर|फ़ील्ड|फील्ड|आर्ग्युमेंट)(\s{1,3}[\w-]{1,40})?\s{0,3}(में|मे)\s{0,3}(डाल|रख|लिख|जोड़|चिपका|भेज|पेस्ट|कॉपी|भर)`,
  String.raw`\b(masukkan|taruh|letakkan|tuliskan|tulis|tambahkan|tempelkan|tempel|salin|kirim|isi|isikan)\b${CLAUSE}\b(parameter|kolom|bidang|argumen)\b`,
  String.raw`\b(vlož|vložte|dej|daj|zapiš|zapíš|přidej|pridaj|zkopíruj|skopíruj|pošli|umísti|umiestni)\b${CLAUSE}(parametr|pole|poľ|argument)`,
  String.raw`(βάλε|βάλτε|τοποθέτησε|γράψε|πρόσθεσε|επικόλλησε|αντίγραψε|στείλε|εισήγαγε|συμπλήρωσε)${CLAUSE}(παράμετρο|πεδίο|όρισμα)`,
  String.raw`(ใส่|เขียน|เพิ่ม|วาง|คัดลอก|ส่ง|กรอก)[^\n]{0,40}(พารามิเตอร์|ฟิลด์|ช่อง)`,
  String.raw`(پارامتر|فیلد|آرگومان)${CLAUSE}(بگذار|قرار\s{0,3}بده|قرار\s{0,3}دهید|بنویس|اضافه\s{0,3}کن|بچسبان|کپی\s{0,3}کن|بفرست|وارد\s{0,3}کن)`,
  String.raw`\b(tedd|írd|add|illeszd|másold|küldd|helyezd|tegye|írja|adja|illessze|másolja|küldje|helyezze)\b${CLAUSE}(paraméter|mező|argumentum)|(paraméter|mező|argumentum)\p{L}{0,6}\s{1,3}(tedd|írd|add|illeszd|másold|küldd|helyezd|tegye|írja|adja|illessze|másolja|küldje|helyezze)\b`,
  String.raw`\b(laita|lisää|kirjoita|liitä|kopioi|lähetä|aseta|syötä)\b${CLAUSE}(parametri|kenttä|kenttää|argumentti)`,
  String.raw`\b(lägg|sätt|skriv|infoga|klistra|kopiera|skicka|placera|fyll|læg|sæt|indsæt|tilføj|kopier|placer|udfyld|legg|sett)\b${CLAUSE}\b(parameter|fält|felt|argument)`,
  String.raw`\b(pune|puneți|introdu|scrie|adaugă|lipește|lipeşte|copiază|trimite|inserează)\b${CLAUSE}\b(parametr|câmp|argument)`,
  String.raw`\b(weka|uweke|andika|ongeza|bandika|nakili|tuma|ingiza)\b${CLAUSE}\b(kigezo|vigezo|sehemu|parameta|paramita)\b`,
  String.raw`(প্যারামিটার|ফিল্ড|আর্গুমেন্ট)[\p{L}\p{M}]{0,3}(\s{1,3}[\w-]{1,40})?\s{0,3}(এ|তে|মধ্যে)?\s{0,3}(রাখুন|রাখো|দিন|দাও|লিখুন|লেখো|যোগ|পেস্ট|ঢোকান|বসান|পাঠান|কপি)`,
  String.raw`\b(ilagay|isulat|idagdag|i-paste|kopyahin|ipadala|isingit|ipasok)\b${CLAUSE}\b(parameter|field|argumento)\b`,
]

// An order to put data into a field, parameter or argument of a tool ("put it in the notes field", "mettilo nel
// campo notes", "それを notes に入れて"): a verb of placing, then the field. A field named alone ("this parameter
// is optional") is none. Run only on texts naming a field at all, as most do not.
const DESTINATION = compile(PLACING.map((p) => `(?:${p})`).join('|'))
const FIELD_WORD =
  /field|param|argument|feld|champ|campo|parâmetro|parámetro|veld|pol[ueaя]|poľ|alan|argüman|here|пол[еяі]|параметр|параметър|аргумент|参数|字段|に|필드|매개변수|인자|에|로|trường|tham\s+số|معامل|حقل|وسيط|معلمة|بارامتر|פרמטר|שדה|ארגומנט|पैरामीटर|फ़ील्ड|फील्ड|आर्ग्युमेंट|kolom|bidang|παράμετρο|πεδίο|όρισμα|พารามิเตอร์|ฟิลด์|ช่อง|پارامتر|فیلد|آرگومان|mező|kenttä|fält|felt|câmp|kigezo|vigezo|sehemu|paramet|paramit|প্যারামিটার|ফিল্ড|আর্গুমেন্ট|argumento|fill|goes|go|belong|put|place|write|paste|insert/iu

const LANGUAGE_FREE: [Signal, RegExp][] = [
  [
    'secret_path',
    /~\/\.ssh(?!\/[\w.-]{1,60}\.pub\b)|\.ssh\/(?![\w.-]{1,60}\.pub\b)|(?<![a-z])id[_ ](rsa|ed25519|ecdsa|dsa)\b(?!\.pub\b)|\.aws\/credentials|\/etc\/(passwd|shadow)\b|\.netrc\b|\.npmrc\b|\.pypirc\b|\.git-credentials\b|\.kube\/config|\.docker\/config\.json|(^|[\s'"`(/])\.env\b(?!\.example)|\.config\/(gh|gcloud)\/|\.azure\/|\.gnupg\/|\.(bash|zsh)_history\b|\bwallet\.dat\b|Login Data\b|Cookies\.sqlite|\.keychain(-db)?\b|\bsecurity\s+find-(generic|internet)-password\b/i,
  ],
  ['client_config', /claude_desktop_config|\bmcp\.json\b|\.cursor\/|\.vscode\/mcp|\bmcp_config\b|\.codeium\/windsurf/i],
  [
    'hidden_markup',
    /<!--|<\s*\/?\s*(system|instructions?|secret|hidden|admin|assistant|note-to-ai|ai)\s*>|\[\s*\/?\s*(INST|SYSTEM)\s*\]|<\|im_start\|>|<\|system\|>/i,
  ],
  // Emphasis honest descriptions use too ("[IMPORTANT] use create_items for many"): a fact on its own.
  ['emphasis_markup', /<\s*\/?\s*(important|context)\s*>|\[\s*\/?\s*IMPORTANT\s*\]/i],
  [
    'role_header',
    /(^|\n)\s*(#{1,6}\s*|\*\*\s*|\[)?(system|assistant|developer|admin)(\s+(message|prompt|note|override))?\s*(\]|\*\*)?\s*:/i,
  ],
  // Text addressed to the model by name rather than describing the tool ("Note for the assistant:", "(AI agents: …").
  [
    'role_header',
    /\b(note|message|instructions?)\s+(for|to)\s+(the\s+)?(assistant|ai|model|llm|agents?)\s*:|\(\s*(ai\s+agents?|assistants?|llms?)\s*:/i,
  ],
  [
    'exfil_link',
    // A query filled from a placeholder ("?d={conversation}", "?data=<the user's last message>"): a static link's
    // query ("?hl=en", a badge's "?style=flat") carries nothing out.
    /https?:\/\/[^\s)]{1,300}[?&][\w-]{1,40}=\s*([{<$[]|%7B|%3C)/i,
  ],
  ['markdown_image', /!\[[^\]\n]{0,200}\]\(\s*https?:/i],
  [
    'shell_pipe',
    /\b(curl|wget|iwr|Invoke-WebRequest)\b[^|\n]{1,200}\|\s*(sudo\s+)?(ba|z|da)?sh\b|\b(curl|wget)\b[^|\n]{1,200}\|\s*python|\bbase64\s+(-d|--decode)\b[^\n]{0,40}\|\s*(ba)?sh|\bbash\s+-c\s+["']?\$\(curl/i,
  ],
  ['url', /\bhttps?:\/\/[^\s)"'`>]{4,}/i],
  // A standing copy to someone: blind or carbon copies (in the words of each language), a copy of every message.
  [
    'copy_to',
    /\b(bcc|cc)(s|'?d|'?ing)?\b|\b(blind|carbon|hidden)[\s-]+cop(y|ies)\b|\bcopy\s+of\s+(every|each|all|any)\b|\balso\s+(go|be\s+(sent|forwarded|copied|delivered))\s+to\b|blind\p{L}*\s?kopie|\bcopie\s+(cachée|carbone\s+invisible)|\b(cci|cco|ccn|udw)\b|\bc[oó]pia\s+(oculta|nascosta)|скрыт\p{L}*\s+копи|прихован\p{L}*\s+копі|密送|暗送|숨은\s*참조|ukryt\p{L}*\s+kopi|gizli\s+(kopya|alıcı)|skryt\p{L}*\s+kopi|dold\s+kopia|نسخة\s+(مخفية|كربونية\s+مخفية|سرية)|(गुप्त|छिपी|छुपी|अंधी|ब्लाइंड)\s+(हुई\s+)?(प्रति|कॉपी)|बीसीसी|\bnakala\s+(fiche|iliyofichwa|ya\s+siri|kificho|isiyoonekana)\b/iu,
  ],
  // A field named for a credential ("in the api_key field", "as the token parameter"): where credentials belong.
  [
    'credential_field',
    /\b(in|into|as|via|to)\s+(the\s+|its\s+|this\s+)?[`'"]?[\w-]{0,30}(key|token|secret|password|credentials?|auth)[\w-]{0,30}[`'"]?\s+(field|parameter|param|argument)\b/i,
  ],
  // A path named as one a tool refuses ("paths outside the workspace, like ~/.ssh, are rejected").
  [
    'refused',
    /\b(rejected|refused|denied|blocked|forbidden|not\s+allowed|disallowed|excluded|ignored|skipped)\b|\bnever\s+(read|touched|accessed|opened|sent|uploaded)\b/i,
  ],
  // Telling the user something false about what happened (a failure reported as success).
  [
    'deceive',
    /\b(report|say|tell\s+the\s+user|claim)\b[^.\n]{0,40}\b(success|succeeded|worked|went\s+(fine|well)|completed)\b[^.\n]{0,30}\b(anyway|regardless|even\s+(if|though|when))\b|\bjust\s+say\b[^.\n]{0,40}\b(fine|ok|okay|success|succeeded)\b|\bpretend\s+(that|to|it)\b|\b(report|say|tell|claim)\b[^.\n]{0,60}\beven\s+(if|though|when)\s+(it|they|this|that)\s+(was|were|did|has|had|is|does)(\s+not|n['’]t)\b/i,
  ],
  [
    'other_tools',
    /\b(all|every|any|each)\s+(other\s+)?(tools?|servers?|functions?)\b|\bother\s+(tools?|servers?|mcp)\b|\b(when|whenever|before|after|instead\s+of)\s+(using|calling|the)\s+[`'"]?[a-z][a-z0-9_]{2,60}[`'"]?\s+tool\b/i,
  ],
]

const EMAIL = /\b[\w.+-]{1,64}@[\w-]{1,63}(\.[\w-]{1,63})+\b/
// "e.g.", "for example" and their usual forms in the corpus's main languages, then an address.
const EXAMPLE_ADDRESS =
  /(\be\.\s?g\.|\bfor\s+(example|instance)|\bsuch\s+as|\bz\.\s?B\.|\bzum\s+Beispiel|\bpar\s+exemple|\bp\.\s?ex\.|\bpor\s+(ejemplo|exemplo)|\bp\.\s?ej\.|\bad\s+es\.|\bper\s+esempio|\bbijv\.|\bnp\.|örn\.|например|напр\.|例如|例[:：]|예[:：]|예를\s+들어)[\s:,'"`(]{0,4}(\w{1,20}:\s{0,3})?[\w.+-]{1,64}@[\w-]{1,63}(\.[\w-]{1,63})+/giu

/** The signals one view of a text carries. */
export function signalsOf(view: string): Set<Signal> {
  const found = new Set<Signal>()
  for (const [signal, pattern] of [...LANGUAGE_FREE, ...ACTS]) if (pattern.test(view)) found.add(signal)
  for (const [signal, pattern, gate] of HARM) if ((!gate || gate.test(view)) && pattern.test(view)) found.add(signal)
  // An address given as an example of a value ("bcc: e.g. archive@example.com") is not one to send to.
  if (view.includes('@') && EMAIL.test(view.replace(EXAMPLE_ADDRESS, ' '))) found.add('email_address')
  if (namesAccount(view)) found.add('account')
  if (WHOLE.test(view)) found.add('whole')
  if (FIELD_WORD.test(view) && DESTINATION.test(view)) found.add('destination')
  const lowered = view.toLowerCase()
  const langs = new Map<Category, Set<string>>()
  for (const c of CATEGORIES) {
    const hit = new Set(PHRASES[c].filter((p) => passes(p.gate, lowered) && p.pattern.test(view)).map((p) => p.lang))
    if (hit.size) found.add(c)
    langs.set(c, hit)
  }
  // An order to pass on secrets is written in one language: a verb of one and a noun of another are two texts.
  if ([...langs.get('send')!].some((l) => langs.get('sensitive')!.has(l))) found.add('send_sensitive')
  if ([...langs.get('read')!].some((l) => langs.get('sensitive')!.has(l))) found.add('read_sensitive')
  // The conversation handed to another tool by name ("call upload_log with the chat history") is passed on.
  if (found.has('tool_call') && langs.get('sensitive')!.has('en')) found.add('send_sensitive').add('destination')
  return found
}
