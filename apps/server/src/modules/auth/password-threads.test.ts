import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { PasswordThreads } from './password-threads';

const argon2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** The nice value of each thread of this process (Linux: field 19 of /proc/self/task/<tid>/stat). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('password threads', () => {
  it('hashes with argon2id and verifies the right password only', async () => {
    const threads = new PasswordThreads({ argon2, nice: 0 }, 1);
    const hash = await threads.hash('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await threads.verify(hash, 'correct horse')).toBe(true);
    expect(await threads.verify(hash, 'wrong horse')).toBe(false);
    expect(await threads.verify('not a hash', 'correct horse')).toBe(false);
  });

  it.runIf(process.platform === 'linux')(
    'runs the hashes on a thread niced below the process, the event loop keeping its priority',
    async () => {
      const before = threadNiceValues().filter((nice) => nice === 7).length;
      const threads = new PasswordThreads({ argon2, nice: 7 }, 1);
      await threads.hash('any password');
      expect(threadNiceValues().filter((nice) => nice === 7)).toHaveLength(before + 1);
      expect(threadNiceValues()[0]).toBe(0);
    },
  );

  it('shares the hashes among up to `size` threads, running them side by side', async () => {
    const threads = new PasswordThreads({ argon2, nice: 0 }, 2);
    const hashes = await Promise.all(['a', 'b', 'c'].map((password) => threads.hash(password)));
    expect(new Set(hashes).size).toBe(3);
    expect(await threads.verify(hashes[2] as string, 'c')).toBe(true);
  });

  it.runIf(process.platform === 'linux')(
    'starts its threads before the first hash when asked, and the hashes then start none',
    async () => {
      const niced = () => threadNiceValues().filter((nice) => nice === 9).length;
      const before = niced();
      const threads = new PasswordThreads({ argon2, nice: 9 }, 2);
      threads.start();
      await vi.waitFor(() => expect(niced()).toBe(before + 2), { timeout: 10_000 });
      await Promise.all(['a', 'b', 'c'].map((password) => threads.hash(password)));
      expect(niced()).toBe(before + 2);
    },
  );

  it('lets its process exit while its threads wait for work', async () => {
    // A process that started its threads and hashed nothing ends by itself (a server that stopped,
    // a benchmark that is done), well before the time limit. (A script file: under -e Node ends
    // the process without waiting for the threads either way.)
    const dir = mkdtempSync(join(tmpdir(), 'password-threads-'));
    const script = join(dir, 'start-threads.mts');
    const module = new URL('./password-threads.ts', import.meta.url).pathname;
    writeFileSync(
      script,
      `import { PasswordThreads } from ${JSON.stringify(module)};\nnew PasswordThreads({ argon2: {}, nice: 0 }, 2).start();\n`,
    );
    try {
      await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { timeout: 20_000 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
