/**
 * Ends the current task: the browser may paint and answer input before the rest runs (a phone's
 * main thread is never blocked by the whole of a long piece of work).
 */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs work that the first screen does not need once the page has loaded and the browser is idle
 * (at most `timeoutMs` later), so it never competes with the first paint for the main thread.
 */
export function afterFirstPaint(work: () => void, timeoutMs = 2000): void {
  if (typeof window === 'undefined') return;
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => work(), { timeout: timeoutMs });
    else setTimeout(work, 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
