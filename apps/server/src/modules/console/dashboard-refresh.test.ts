import { describe, expect, it } from 'vitest';
import { DASHBOARD_MAX_DEFER_MS, refreshTick } from './dashboard.service';

/** A schedule driven by hand: the clock, the server's business and the refreshes started. */
function schedule() {
  const state = { now: 0, busy: false, refreshing: false, refreshes: 0 };
  const tick = refreshTick({
    now: () => state.now,
    isBusy: () => state.busy,
    isRefreshing: () => state.refreshing,
    refresh: () => {
      state.refreshes++;
    },
  });
  return { state, tick };
}

describe('the dashboard refresh schedule', () => {
  it('refreshes at every tick while the server is quiet, never two at once', () => {
    const { state, tick } = schedule();
    tick();
    state.now += 30_000;
    tick();
    expect(state.refreshes).toBe(2);
    state.refreshing = true;
    tick();
    expect(state.refreshes).toBe(2);
  });

  it('lets players go first: skipped while the server is busy, until the figures are five minutes old', () => {
    const { state, tick } = schedule();
    state.busy = true;
    for (let t = 30_000; t < DASHBOARD_MAX_DEFER_MS; t += 30_000) {
      state.now = t;
      tick();
    }
    expect(state.refreshes).toBe(0);
    state.now = DASHBOARD_MAX_DEFER_MS;
    tick();
    expect(state.refreshes).toBe(1);
    state.now += 30_000;
    tick();
    expect(state.refreshes).toBe(1);
    state.busy = false;
    tick();
    expect(state.refreshes).toBe(2);
  });
});
