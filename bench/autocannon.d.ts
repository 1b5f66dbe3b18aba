/** The part of autocannon 8's programmatic API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Array<
      Request & {
        setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
        onResponse?: (
          status: number,
          body: string,
          context: Record<string, unknown>,
          /** The answer's headers, names as the server sent them. */
          headers: Record<string, string>,
        ) => void;
      }
    >;
  };
  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  };
  type Result = {
    duration: number;
    requests: Histogram & { sent: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
