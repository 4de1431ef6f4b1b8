/* global localStorage, document */
// spec §4: the saved theme ('winter' or 'forest', key 'theme') goes on <html> before first paint.
try {
  var saved = localStorage.getItem('theme');
  if (saved === 'winter' || saved === 'forest') document.documentElement.dataset.theme = saved;
} catch {
  // Storage may be blocked: keep the default theme.
}
