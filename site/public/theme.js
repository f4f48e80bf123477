// Applies a stored theme choice before first paint (a blocking external script keeps the page
// compatible with a strict Content-Security-Policy). The toggle itself lives in src/scripts/core/theme.ts.
try {
  var t = localStorage.getItem("tw:theme");
  if (t === "light" || t === "dark" || t === "contrast") document.documentElement.dataset.theme = t;
} catch (e) {}
