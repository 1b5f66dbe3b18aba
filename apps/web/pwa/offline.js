// The offline page's only script (external: the site's content security policy allows no inline
// script). It speaks the visitor's language and theme, as stored by the site, and tries again by
// itself when the connection comes back.
(() => {
  const texts = JSON.parse(document.getElementById('offline-texts').textContent);
  const read = (key) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const pick = (code) => (code ? code.slice(0, 2).toLowerCase() : '');
  const lang = [pick(read('lang')), pick(navigator.language), 'en'].find((code) => code in texts);
  const theme = read('theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll('[data-text]')) {
    node.textContent = texts[lang][node.dataset.text];
  }
  document.title = `${texts[lang].title} · Sorte`;
  const retry = () => window.location.reload();
  document.getElementById('retry').addEventListener('click', retry);
  window.addEventListener('online', retry);
})();
