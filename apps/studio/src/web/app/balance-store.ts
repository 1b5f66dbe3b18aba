import { useSyncExternalStore } from 'react';

/**
 * The balance in the top bar. Every bet answer carries the balance after the round, but a player
 * must not see a plinko win before the ball lands: the part of a balance still "in flight" in an
 * animation is held back and released when the animation ends. Held amounts add up, so several balls
 * (or a free-spin run) in flight at once still end on the server's figure.
 */
export class BalanceStore {
  private server: number;
  private held = 0;
  private readonly listeners = new Set<() => void>();

  constructor(initial: number) {
    this.server = initial;
  }

  /** What the player sees: the server's balance less what is still being animated. */
  get value(): number {
    return this.server - this.held;
  }

  /** The server's latest balance, with `holdBack` of it released later by the returned function. */
  apply(balance: number, holdBack = 0): () => void {
    this.server = balance;
    this.held += holdBack;
    this.emit();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held -= holdBack;
      this.emit();
    };
  }

  /** A fresh figure from GET /balance: only trusted when nothing is in flight. */
  refresh(balance: number): void {
    if (this.held !== 0) return;
    this.server = balance;
    this.emit();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

export function useBalance(store: BalanceStore): number {
  return useSyncExternalStore(store.subscribe, () => store.value);
}
