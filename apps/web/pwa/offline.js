// The offline page's only script (external: the site's content security policy allows no inline
// script). It speaks the visitor's language and theme, as stored by the site, and tries again by
// itself when the site can be reached again.
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
  // Comes back by itself once the site answers again: the `online` event alone misses a server that
  // was unreachable while the phone was online. Probes back off from 2 to 30 seconds.
  let delay = 2000;
  let timer = 0;
  const probe = () =>
    fetch('/healthz', { cache: 'no-store' }).then(
      (response) => (response.ok ? retry() : later()),
      () => later(),
    );
  const later = () => {
    timer = setTimeout(probe, delay);
    delay = Math.min(delay * 2, 30000);
  };
  window.addEventListener('online', () => {
    clearTimeout(timer);
    delay = 2000;
    probe();
  });
  later();
})();
