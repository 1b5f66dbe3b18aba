import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../lib/rate-limiter';
import { LoginGuard, PAIR_FREE_FAILURES } from './login-guard';

describe('sign-in pauses', () => {
  it('lets two attempts from one address through in the same millisecond when no pause is set', async () => {
    const guard = new LoginGuard(createMemoryRateLimiter(() => 1_000_000));
    await guard.before('BR:ana', '10.1.1.1');
    await expect(guard.before('BR:ana', '10.1.1.1')).resolves.toBeUndefined();
    await expect(guard.before('BR:bia', '10.1.1.1')).resolves.toBeUndefined();
  });

  it('makes the next attempt wait once the free failures are used up, and only then', async () => {
    let now = 1_000_000;
    const guard = new LoginGuard(createMemoryRateLimiter(() => now));
    for (let i = 0; i < PAIR_FREE_FAILURES; i++) await guard.failed('BR:ana', '10.1.1.2');
    await expect(guard.before('BR:ana', '10.1.1.2')).rejects.toMatchObject({ code: 'LOGIN_TOO_FAST' });
    now += 1_001;
    await expect(guard.before('BR:ana', '10.1.1.2')).resolves.toBeUndefined();
  });
});
