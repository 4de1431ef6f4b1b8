/* global localStorage, document, matchMedia */
// Before first paint: the saved theme (spec §4), else forest if the computer is dark (issue 17).
try {
  var t = localStorage.getItem('theme');
  if (t !== 'winter' && t !== 'forest') {
    t = matchMedia('(prefers-color-scheme: dark)').matches ? 'forest' : 'winter';
  }
  document.documentElement.dataset.theme = t;
} catch {
  // Storage may be blocked: keep the default theme.
}
