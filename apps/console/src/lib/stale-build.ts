/**
 * A screen's code is loaded when the screen is first opened. After a deployment, a console left open
 * asks for chunks of the build it started with, which are gone ("Failed to fetch dynamically imported
 * module"): load the console afresh instead, at most once a minute so a broken network cannot loop.
 */
export function reloadOnStaleBuild(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    const key = 'sorte-console.chunkReloadAt';
    let last = 0;
    try {
      last = Number(target.sessionStorage.getItem(key) ?? 0);
    } catch {
      // No storage: no guard, the reload still helps.
    }
    if (Date.now() - last < 60_000) return;
    event.preventDefault();
    try {
      target.sessionStorage.setItem(key, String(Date.now()));
    } catch {}
    target.location.reload();
  });
}
