// The listing page's "Your settings" form: each value typed in is put into every config and command on the page in
// place of its setting's tokens (<VAR>, ${VAR}, ${input:var}, an argument's <placeholder>), escaped for where it
// stands, so Copy copies a config that is ready. Nothing is sent anywhere: the form is never submitted. Each text's
// original is kept (data-original), so clearing a field brings its placeholder back. The install links carry the
// config without the values, so they are hidden while any value is filled. Loaded (deferred) by the listing page.
{
  /** Puts `value` in place of every `token` in `text`; a value that repeats the scheme before it is not doubled. */
  const replaceToken = (text, token, value) => {
    const pieces = text.split(token)
    let out = pieces[0]
    for (let i = 1; i < pieces.length; i++) {
      const scheme = /(\S+) $/.exec(out)?.[1]
      const v =
        scheme && value.toLowerCase().startsWith(`${scheme.toLowerCase()} `) ? value.slice(scheme.length + 1) : value
      out += v + pieces[i]
    }
    return out
  }

  /** The texts that stand for a setting in the configs. */
  const tokensOf = (s) => [s.placeholder, `\${${s.variable}}`, `\${input:${s.variable.toLowerCase()}}`]

  /** A text with the values of the required settings in place of their tokens (the value as it is). */
  const putIn = (text, values) =>
    values.reduce(
      (t, s) => (s.required ? tokensOf(s).reduce((u, token) => replaceToken(u, token, s.value), t) : t),
      text,
    )

  /** Every string of a JSON value filled in (keys stay). */
  const fillJson = (v, values) => {
    if (typeof v === 'string') return putIn(v, values)
    if (Array.isArray(v)) return v.map((x) => fillJson(x, values))
    if (v && typeof v === 'object') {
      const out = {}
      for (const k of Object.keys(v)) out[k] = fillJson(v[k], values)
      return out
    }
    return v
  }

  /** The server entries of a parsed config: those under mcpServers or servers, else the object itself. */
  const entriesOf = (root) => {
    const group = root.mcpServers || root.servers
    return group && typeof group === 'object' ? Object.values(group) : [root]
  }

  /** A filled optional setting joins the entries it belongs to: a variable a command's env, a header a URL's headers. */
  const addOptional = (root, values) => {
    for (const s of values) {
      if (s.required) continue
      for (const e of entriesOf(root)) {
        if (!e || typeof e !== 'object') continue
        const key =
          s.kind === 'env' && e.command
            ? 'env'
            : s.kind === 'header' && (e.url || e.serverUrl || e.httpUrl)
              ? 'headers'
              : null
        if (key) e[key] = Object.assign({}, e[key], { [s.name]: s.value })
      }
    }
    return root
  }

  /** A parsed JSON config filled; VS Code's inputs whose ${input:…} is no longer used are dropped. */
  const fillParsed = (parsed, values) => {
    const root = addOptional(fillJson(parsed, values), values)
    if (Array.isArray(root.inputs)) {
      const inputs = root.inputs
      delete root.inputs
      const rest = JSON.stringify(root)
      const kept = inputs.filter((i) => rest.includes(`\${input:${i.id}}`))
      if (kept.length) root.inputs = kept
    }
    return root
  }

  const tomlEscape = (s) =>
    JSON.stringify(s)
      .slice(1, -1)
      .replace(/\u007f/g, '\\u007f')
  const tomlKey = (k) => (/^[A-Za-z0-9_-]+$/.test(k) ? k : `"${tomlEscape(k)}"`)

  /** A TOML config: values in its strings (TOML basic strings take JSON's escapes); optional ones in env or headers. */
  const fillToml = (text, values) => {
    const escaped = values.map((s) => Object.assign({}, s, { value: tomlEscape(s.value) }))
    const lines = putIn(text, escaped).split('\n')
    for (const s of escaped) {
      if (s.required) continue
      const table = s.kind === 'env' ? 'env' : 'http_headers'
      const after = s.kind === 'env' ? /^args = / : /^url = /
      const pair = `${tomlKey(s.name)} = "${s.value}"`
      const at = lines.findIndex((l) => l.startsWith(`${table} = { `))
      if (at >= 0) lines[at] = lines[at].replace(/ }$/, `, ${pair} }`)
      else {
        const anchor = lines.findIndex((l) => after.test(l))
        if (anchor >= 0) lines.splice(anchor + 1, 0, `${table} = { ${pair} }`)
      }
    }
    return lines.join('\n')
  }

  /** The words of a POSIX shell line as the directory quotes it (plain words, '…' words, \' outside quotes). */
  const shellWords = (line) => {
    const words = []
    let word = null
    for (let i = 0; i < line.length; i++) {
      const c = line[i]
      if (c === "'") {
        const end = line.indexOf("'", i + 1)
        if (end < 0) return null
        word = (word ?? '') + line.slice(i + 1, end)
        i = end
      } else if (c === '\\') word = (word ?? '') + line[++i]
      else if (c === ' ') {
        if (word !== null) words.push(word)
        word = null
      } else word = (word ?? '') + c
    }
    if (word !== null) words.push(word)
    return words
  }
  const shellQuote = (s) => (s !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`)

  /** A command: each word filled (a JSON word as JSON), optional settings added as flags, each word quoted again. */
  const fillShell = (text, values) => {
    const words = shellWords(text)
    if (!words) return text
    const filled = words.map((w) => {
      if (!w.startsWith('{')) return putIn(w, values)
      try {
        return JSON.stringify(fillParsed(JSON.parse(w), values))
      } catch (_e) {
        return putIn(w, values)
      }
    })
    const adds = filled[1] === 'mcp' && filled[2] === 'add' ? filled[0] : null
    for (const s of values) {
      if (s.required || !adds) continue
      const end = filled.indexOf('--')
      if (s.kind === 'env' && end > 0) filled.splice(end, 0, adds === 'codex' ? '--env' : '-e', `${s.name}=${s.value}`)
      if (s.kind === 'header' && adds === 'claude' && end < 0) filled.push('--header', `${s.name}: ${s.value}`)
    }
    return filled.map(shellQuote).join(' ')
  }

  /** A config or command text with the values in place, by its format. */
  const fill = (text, format, values) => {
    if (!values.length) return text
    if (format === 'json') {
      try {
        return JSON.stringify(fillParsed(JSON.parse(text), values), null, 2)
      } catch (_e) {
        return text
      }
    }
    if (format === 'toml') return fillToml(text, values)
    if (format === 'shell') return fillShell(text, values)
    return text
  }

  const start = (form) => {
    const fields = Array.prototype.slice.call(form.querySelectorAll('[data-variable]'))
    const texts = Array.prototype.slice.call(document.querySelectorAll('pre[data-format]'))
    for (const pre of texts) pre.setAttribute('data-original', pre.textContent || '')
    const update = () => {
      const values = fields
        .filter((f) => f.value !== '')
        .map((f) => ({
          variable: f.getAttribute('data-variable'),
          placeholder: f.getAttribute('data-placeholder'),
          kind: f.getAttribute('data-kind'),
          name: f.getAttribute('data-name'),
          required: f.hasAttribute('data-required'),
          // A URL variable stands inside an address.
          value: f.getAttribute('data-kind') === 'url' ? encodeURIComponent(f.value) : f.value,
        }))
      for (const pre of texts)
        pre.textContent = fill(pre.getAttribute('data-original') || '', pre.getAttribute('data-format'), values)
      for (const links of document.querySelectorAll('.install-links')) links.hidden = values.length > 0
      for (const why of document.querySelectorAll('.links-off')) why.hidden = values.length === 0
    }
    form.addEventListener('submit', (ev) => ev.preventDefault())
    form.addEventListener('input', update)
    form.addEventListener('change', update)
    form.hidden = false
    update()
  }

  const form = document.getElementById('settings-form')
  if (form) start(form)
}
