// Progressive enhancement for the directory's pages: every page works without this script.
// - copy buttons (data-copy="<id of the element holding the text>"), counting an install when data-install is set
// - live search on the home page (the server renders the results; this only swaps them in)
// - the colour scheme: the system's, or the one the visitor picked (remembered); set before the page is painted,
//   which is why this script is loaded in the head without defer and waits for the document for the rest
// - the client picker of a listing page: a pick shows that client's install at once (the server remembers it)
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the function is the script's scope; its parts are the named functions inside
;(() => {
  function announce(el, text) {
    var status = el?.closest('[data-status-scope]')
    var live = status?.querySelector('.status') || document.getElementById('status')
    if (live) live.textContent = text
  }

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text)
    return new Promise((resolve, reject) => {
      var area = document.createElement('textarea')
      area.value = text
      area.setAttribute('readonly', '')
      area.className = 'visually-hidden'
      document.body.appendChild(area)
      area.select()
      var ok = false
      try {
        ok = document.execCommand('copy')
      } catch (_e) {
        ok = false
      }
      document.body.removeChild(area)
      ok ? resolve() : reject(new Error('copy refused'))
    })
  }

  function countInstall(id) {
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
        var n = document.getElementById('installs-count')
        if (n) n.textContent = String((parseInt(n.textContent || '0', 10) || 0) + 1)
      })
      .catch(() => {})
  }

  /** A copy button: copies its element's text, says so, and counts an install where the button names one. */
  function onCopyClick(ev) {
    var button = ev.target instanceof Element ? ev.target.closest('button[data-copy]') : null
    if (!button) return
    var source = document.getElementById(button.getAttribute('data-copy'))
    if (!source) return
    var label = button.getAttribute('data-label') || button.textContent
    button.setAttribute('data-label', label)
    copyText(source.textContent || '').then(
      () => {
        button.textContent = 'Copied'
        announce(button, 'Copied to the clipboard.')
        var install = button.getAttribute('data-install')
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

  /** Live search: the home page's results follow the form as it is typed in (the server renders them). */
  function liveSearch(form, results) {
    var timer = null
    var seq = 0
    var refresh = () => {
      var params = new URLSearchParams(new FormData(form))
      params.forEach((v, k) => {
        if (!v) params.delete(k)
      })
      var query = params.toString()
      var url = `/${query ? `?${query}` : ''}`
      var mine = ++seq
      fetch(url, { headers: { accept: 'text/html' }, credentials: 'same-origin' })
        .then((res) => (res.ok || res.status === 400 ? res.text() : null))
        .then((text) => {
          if (text === null || mine !== seq) return
          var doc = new DOMParser().parseFromString(text, 'text/html')
          var fresh = doc.getElementById('results')
          if (!fresh) return
          results.replaceChildren.apply(
            results,
            Array.prototype.slice.call(fresh.childNodes).map((n) => document.importNode(n, true)),
          )
          history.replaceState(null, '', url)
        })
        .catch(() => {})
    }
    form.addEventListener('input', () => {
      clearTimeout(timer)
      timer = setTimeout(refresh, 250)
    })
  }

  function storedTheme() {
    var t = null
    try {
      t = localStorage.getItem('mcpdir-theme')
      return t === 'dark' || t === 'light' ? t : null
    } catch (_e) {
      return null
    }
  }

  var root = document.documentElement
  var picked = storedTheme()
  if (picked) root.setAttribute('data-theme', picked)

  var prefersDark = () => window.matchMedia?.('(prefers-color-scheme: dark)').matches
  var currentTheme = () => root.getAttribute('data-theme') || (prefersDark() ? 'dark' : 'light')

  /** The toggle says what it does, and is pressed while the page is dark. */
  function themeToggle(button) {
    var show = () => {
      var dark = currentTheme() === 'dark'
      button.textContent = dark ? 'Light mode' : 'Dark mode'
      button.setAttribute('aria-pressed', dark ? 'true' : 'false')
    }
    button.addEventListener('click', () => {
      var next = currentTheme() === 'dark' ? 'light' : 'dark'
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

  /** The client picker submits itself on a change (its button stays for use without the script). */
  function clientPicker(form) {
    var select = form.querySelector('select')
    if (select) select.addEventListener('change', () => form.requestSubmit())
  }

  document.addEventListener('click', onCopyClick)
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start)
  else start()

  function start() {
    // A form's outcome (errors, claim result) takes the focus, so keyboard and screen-reader users land on it.
    var outcome = document.querySelector('[data-focus]')
    if (outcome) outcome.focus()

    // Copy buttons are shown only when this script runs (they do nothing without it).
    Array.prototype.forEach.call(document.querySelectorAll('button[data-copy]'), (b) => {
      b.hidden = false
    })

    var form = document.getElementById('search-form')
    var results = document.getElementById('results')
    if (form && results && window.fetch && window.DOMParser) liveSearch(form, results)
    var toggle = document.getElementById('theme-toggle')
    if (toggle) themeToggle(toggle)
    var picker = document.getElementById('client-picker')
    if (picker) clientPicker(picker)
  }
})()
