// What the frame the build prerenders shows from this tab's own state, set
// before the page first paints: the colour theme chosen in this browser,
// which theme button is pressed, and the section the URL names. A classic
// script, so it runs where it stands: the theme before the body is parsed,
// the frame as soon as it is. The app renders the same state once its
// scripts run; until then the frame does not show Workspace as the section
// of a page opened on #/usage, or System pressed under a dark theme.
// Reads what src/app/state/settingsStore.ts writes (SETTINGS_STORAGE_KEY)
// and the hashes src/app/state/navigation.ts reads; tests/app/prepaint.test.ts
// and tests/e2e/firstPaint.spec.ts hold them together.
{
  let theme = 'system'
  try {
    const stored = JSON.parse(localStorage.getItem('developer-sandbox-playground:settings') || 'null')?.theme
    if (stored === 'light' || stored === 'dark') {
      theme = stored
      document.documentElement.dataset.theme = stored
    }
  } catch {
    // No storage (a sandboxed frame, a disabled store): the system scheme stands, as it would anyway.
  }

  // The document turns interactive once the body is parsed: before the
  // page's module scripts run, and before its first paint.
  const markFrame = () => {
    for (const button of document.querySelectorAll('[data-setting="theme"] button[value]')) {
      button.setAttribute('aria-pressed', String(button.value === theme))
    }
    // A page `serve` or a team workspace served links nowhere its host does not serve (the reference, the gallery), as the app renders it.
    if (document.querySelector('meta[name="developer-sandbox-host"]')) {
      for (const element of document.querySelectorAll('[data-tab-only]')) element.remove()
    }
    // As navigation.ts reads a hash: "#/usage" and "#usage" name Usage; any other leaves Workspace, as the frame has it.
    const id = location.hash.replace(/^#\/?/, '')
    const current = id ? document.querySelector(`.app-nav a[href="#/${CSS.escape(id)}"]`) : null
    if (!current) return
    for (const link of document.querySelectorAll('.app-nav a[aria-current]')) link.removeAttribute('aria-current')
    current.setAttribute('aria-current', 'page')
  }
  document.addEventListener('readystatechange', markFrame, { once: true })
}
