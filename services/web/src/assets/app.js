// Progressive enhancement for the directory's pages: every page works without this script.
// - copy buttons (data-copy="<id of the element holding the text>"), counting an install when data-install is set
// - live search on the home page (the server renders the results; this only swaps them in)
// - the colour scheme: the system's, or the one the visitor picked (remembered); set before the page is painted,
//   which is why this script is loaded in the head without defer and waits for the document for the rest
// - the client picker of a listing page: a pick shows that client's install at once (the server remembers it)
// The script's scope is a block, not a function, so its names stay out of the page's globals: its parts are arrow
// functions held in const, as a function declaration or a var in a block of a classic (non-module) script would
// still become a global.
{
  const announce = (el, text) => {
    const status = el?.closest('[data-status-scope]')
    const live = status?.querySelector('.status') || document.getElementById('status')
    if (live) live.textContent = text
  }

  const copyText = (text) => {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text)
    return new Promise((resolve, reject) => {
      const area = document.createElement('textarea')
      area.value = text
      area.setAttribute('readonly', '')
      area.className = 'visually-hidden'
      document.body.appendChild(area)
      area.select()
      let ok = false
      try {
        ok = document.execCommand('copy')
      } catch (_e) {
        ok = false
      }
      document.body.removeChild(area)
      ok ? resolve() : reject(new Error('copy refused'))
    })
  }

  const countInstall = (id) => {
    // The public API counts installs in batches; a failure here must never disturb the copy.
    fetch(`/api/v1/servers/${encodeURIComponent(id)}/installs`, {
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
    })
      .then((res) => (res.ok ? res.json() : null))
      .then((body) => {
        // A client's install of a listing counts once a day: a repeat copy leaves the number as it is.
        if (!body || body.counted === false) return
        const n = document.getElementById('installs-count')
        if (n) n.textContent = String((parseInt(n.textContent || '0', 10) || 0) + 1)
      })
      .catch(() => {})
  }

  /** A copy button: copies its element's text, says so, and counts an install where the button names one. */
  const onCopyClick = (ev) => {
    const button = ev.target instanceof Element ? ev.target.closest('button[data-copy]') : null
    if (!button) return
    const source = document.getElementById(button.getAttribute('data-copy'))
    if (!source) return
    const label = button.getAttribute('data-label') || button.textContent
    button.setAttribute('data-label', label)
    copyText(source.textContent || '').then(
      () => {
        button.textContent = 'Copied'
        announce(button, 'Copied to the clipboard.')
        const install = button.getAttribute('data-install')
        if (install) countInstall(install)
        setTimeout(() => {
          button.textContent = label
        }, 2000)
      },
      () => {
        announce(button, 'Copying was refused by the browser; select the text and copy it by hand.')
      },
    )
  }

  /**
   * Live search: the home page's results follow the form as it is typed in. The server renders them: after a pause
   * in typing (300 ms) the results block alone is asked for (`part=results`), once per distinct search, an earlier
   * answer still on its way dropped. Only the count is announced (a polite status), not every card again; a refusal
   * for too many requests is said on the page with when to try again.
   */
  const liveSearch = (form, results) => {
    const status = document.getElementById('search-status')
    const note = document.getElementById('search-note')
    let timer = null
    let asked = new URLSearchParams(location.search).toString()
    let pending = null
    const say = (text) => {
      if (status) status.textContent = text
    }
    const limited = (retryAfter) => {
      const seconds = Math.max(1, parseInt(retryAfter || '', 10) || 60)
      const text = `Too many searches from your address for now: the results were not updated. Try again in ${seconds} s.`
      if (note) {
        note.textContent = text
        note.hidden = false
      }
      say(text)
    }
    const swap = (text, query) => {
      const doc = new DOMParser().parseFromString(text, 'text/html')
      const fresh = doc.getElementById('results')
      if (!fresh) return
      results.replaceChildren.apply(
        results,
        Array.prototype.slice.call(fresh.childNodes).map((n) => document.importNode(n, true)),
      )
      history.replaceState(null, '', `/${query ? `?${query}` : ''}`)
      const heading = results.querySelector('[data-count]')
      const problem = results.querySelector('[role=alert] h2')
      say(heading ? heading.getAttribute('data-count') : problem ? problem.textContent : '')
    }
    const refresh = () => {
      const params = new URLSearchParams(new FormData(form))
      Array.from(params.keys()).forEach((k) => {
        if (!params.get(k)) params.delete(k)
      })
      const query = params.toString()
      if (query === asked) return
      asked = query
      if (pending) pending.abort()
      const mine = new AbortController()
      pending = mine
      params.set('part', 'results')
      fetch(`/?${params}`, { headers: { accept: 'text/html' }, credentials: 'same-origin', signal: mine.signal })
        .then((res) => {
          if (res.status === 429) {
            asked = null
            limited(res.headers.get('retry-after'))
            return null
          }
          if (note) note.hidden = true
          return res.ok || res.status === 400 ? res.text() : null
        })
        .then((text) => {
          if (text !== null && pending === mine) swap(text, query)
        })
        .catch(() => {})
    }
    form.addEventListener('input', () => {
      clearTimeout(timer)
      timer = setTimeout(refresh, 300)
    })
  }

  const storedTheme = () => {
    let t = null
    try {
      t = localStorage.getItem('mcpdir-theme')
      return t === 'dark' || t === 'light' ? t : null
    } catch (_e) {
      return null
    }
  }

  const root = document.documentElement
  const picked = storedTheme()
  if (picked) root.setAttribute('data-theme', picked)

  const prefersDark = () => window.matchMedia?.('(prefers-color-scheme: dark)').matches
  const currentTheme = () => root.getAttribute('data-theme') || (prefersDark() ? 'dark' : 'light')

  /** The toggle says what it does, and is pressed while the page is dark. */
  const themeToggle = (button) => {
    const show = () => {
      const dark = currentTheme() === 'dark'
      button.textContent = dark ? 'Light mode' : 'Dark mode'
      button.setAttribute('aria-pressed', dark ? 'true' : 'false')
    }
    button.addEventListener('click', () => {
      const next = currentTheme() === 'dark' ? 'light' : 'dark'
      root.setAttribute('data-theme', next)
      try {
        localStorage.setItem('mcpdir-theme', next)
      } catch (_e) {}
      show()
    })
    // The system's scheme can change while the page is open (and says so).
    window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', show)
    button.hidden = false
    show()
  }

  /** The client picker submits itself on a change (its button is there for use without the script). */
  const clientPicker = (form) => {
    const select = form.querySelector('select')
    if (!select) return
    select.addEventListener('change', () => form.requestSubmit())
    const button = form.querySelector('[data-no-script]')
    if (button) button.hidden = true
  }

  const start = () => {
    // A form's outcome (errors, claim result) takes the focus, so keyboard and screen-reader users land on it.
    const outcome = document.querySelector('[data-focus]')
    if (outcome) outcome.focus()

    // Copy buttons are shown only when this script runs (they do nothing without it).
    Array.prototype.forEach.call(document.querySelectorAll('button[data-copy]'), (b) => {
      b.hidden = false
    })

    const form = document.getElementById('search-form')
    const results = document.getElementById('results')
    if (form && results && window.fetch && window.DOMParser) liveSearch(form, results)
    const toggle = document.getElementById('theme-toggle')
    if (toggle) themeToggle(toggle)
    const picker = document.getElementById('client-picker')
    if (picker) clientPicker(picker)
  }

  document.addEventListener('click', onCopyClick)
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start)
  else start()
}
