/**
 * The lobby benchmark's visitors, in a process of their own: autocannon gets its own event loop (and
 * the machine's second core) instead of sharing the server's, so the figures measure the server. A
 * process, not a worker thread: inside a worker autocannon answers its raw histograms instead.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export type LobbyLoadJob = {
  base: string;
  connections: number;
  seconds: number;
  paths: string[];
  headers: Record<string, string>;
  /** ETags a returning visitor sends (If-None-Match), by path; empty for new visitors. */
  etags: Record<string, string>;
};

export type LobbyLoadResult = {
  seconds: number;
  /** Requests answered in the run (any status). */
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  statuses: Record<string, number>;
  /** Content-Encoding of the 200 answers. */
  encodings: Record<string, number>;
  answered: number;
};

async function load(job: LobbyLoadJob): Promise<LobbyLoadResult> {
  const statuses: Record<string, number> = {};
  const encodings: Record<string, number> = {};
  let answered = 0;
  const result = await autocannon({
    url: job.base,
    connections: job.connections,
    duration: job.seconds,
    requests: job.paths.map((path) => ({
      method: 'GET' as const,
      path,
      headers: job.etags[path] ? { ...job.headers, 'if-none-match': job.etags[path] } : job.headers,
      onResponse: (status: number, _body: string, _context: unknown, answer: Record<string, string>) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status === 200) {
          answered += 1;
          const coding = answer['content-encoding'] ?? answer['Content-Encoding'] ?? 'identity';
          encodings[coding] = (encodings[coding] ?? 0) + 1;
        }
      },
    })),
  });
  return {
    seconds: result.duration,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    statuses,
    encodings,
    answered,
  };
}

/** Runs the visitors in a child process and answers what they saw. */
export function runLobbyLoad(job: LobbyLoadJob): Promise<LobbyLoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--visitors'], { execArgv: ['--import', 'tsx'] });
    child.once('message', (result) => {
      resolve(result as LobbyLoadResult);
      child.disconnect();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code) reject(new Error(`lobby visitors exited with ${code}`));
    });
    child.send(job);
  });
}

if (process.argv.includes('--visitors')) {
  process.once('message', async (job) => {
    process.send?.(await load(job as LobbyLoadJob));
  });
}
