// Applies the colour theme chosen in this browser before the page first
// paints, so the frame the build prerenders never shows in the other scheme
// first. A classic script, so it runs where it stands, ahead of the paint.
// Reads what src/app/state/settingsStore.ts writes (SETTINGS_STORAGE_KEY);
// tests/app/themeBoot.test.ts holds the two together.
try {
  const theme = JSON.parse(localStorage.getItem('developer-sandbox-playground:settings') || 'null')?.theme
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme
} catch {
  // No storage (a sandboxed frame, a disabled store): the system scheme stands, as it would anyway.
}
