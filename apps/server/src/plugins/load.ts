import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import underPressure from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { QueuePlace } from '../lib/bounded-queue';
import { defaultHashesAtOnce, passwordQueue, passwordThreads } from '../modules/auth/passwords';
import { ok } from './errors';
import { Admission, RecentUtilization } from './load-admission';
import { operatorRoute } from './operator-auth';

/**
 * Answered whatever the load: the orchestrator's liveness probe must not read a busy server as dead,
 * and the operator must be able to see why it is busy. Both are cheap.
 */
const EXEMPT_ROUTES = new Set(['/healthz', '/ops/load']);

/** Event-loop utilisation of a sample period above which the server counts as busy (isBusy). */
const BUSY_UTILIZATION = 0.4;
/** How often the stall watch checks the loop (its lateness is the stall). */
const STALL_CHECK_MS = 10;
/**
 * The recent window whose utilisation over LOAD_MAX_EVENT_LOOP_UTILIZATION steps the share down at
 * once: about as long as the stall the stall watch acts on (LOAD_STALL_MS, 40), so a loop busy 90 % of
 * 50 ms with short turns counts as one busy with a single long one. bench:load, two runs each: with
 * 100 ms main-run bets p99 101.0 and 93.7 ms; with 50 ms 61.0 and 85.6.
 */
const UTILIZATION_WINDOW_MS = 50;
/** isBusy stays true this long after the last busy period or shed request. */
const BUSY_HOLD_MS = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * True while players keep the server busy (within BUSY_HOLD_MS of a period over BUSY_UTILIZATION
     * or of a shed request). Background work that can wait skips its turn meanwhile.
     */
    isBusy(): boolean;
  }
}

/**
 * The seamless wallet is never shed: its answers must keep the protocol's always-200 form, and a
 * refused win or rollback only comes back as a retry — settling money frees the vendor's queue, it
 * does not add to the load.
 */
const isSeamlessWallet = (request: FastifyRequest) => request.url.startsWith('/vendor/');

/**
 * Routes whose work is an argon2id hash (sign-in, sign-up). While the password queue would refuse a
 * hash on arrival they are refused in onRequest, before their body is read and decrypted (RSA-OAEP,
 * the larger part of a refused login's CPU on the event loop) and before their database reads; those
 * let in hold a place in the queue from then on (BoundedQueue.admit).
 */
const PASSWORD_ROUTES = new Set(['/wps/session/login', '/wps/member/register']);

/** The password queue's place each admitted sign-in or sign-up holds until its hash starts. */
const passwordPlaces = new WeakMap<FastifyRequest, QueuePlace>();

const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;

/**
 * Load: measures the event loop, sheds requests it cannot serve quickly, bounds password hashing.
 *
 * - Every LOAD_SAMPLE_INTERVAL_MS the event loop's longest stall and its utilisation over the period
 *   set the share of requests let in (./load-admission.ts): over a limit the share steps down, under
 *   both it steps back up. A request that is not let in gets 503 SERVER_BUSY with Retry-After, in the
 *   envelope and the caller's language, at once (in onRequest, before its body is read or decrypted)
 *   — not an answer seconds later. /healthz, /ops/load and the seamless wallet are never refused.
 * - @fastify/under-pressure refuses every request (but those) while memory is over its limits.
 * - The argon2id queue (modules/auth/passwords.ts) gets its limits from the configuration: by default
 *   one hash at a time per core but one, so that hashing never takes every core from the loop, on
 *   threads niced by ARGON2_NICE so that what is left of the cores goes to the loop and the database
 *   first.
 * - A histogram of the event-loop delay (p50/p99/max) is logged every LOAD_LOG_INTERVAL_MS and read
 *   on GET /ops/load with the memory, the queue and what was shed.
 */
export const loadPlugin = fp(
  async (app) => {
    const limits = app.config.load;
    const hashesAtOnce = limits.argon2Concurrency || defaultHashesAtOnce;
    passwordQueue.configure({
      concurrency: hashesAtOnce,
      maxQueue: limits.argon2QueueMax,
      maxWaitMs: limits.argon2QueueWaitMs,
    });
    passwordThreads.configure(hashesAtOnce, limits.argon2Nice);
    // A server (not a test's app, which hashes a few times at most) has its threads up before it
    // listens.
    if (app.config.env !== 'test') app.addHook('onReady', async () => passwordThreads.start());

    // Start-up (migrations, seeding, loading the database) stalls the loop before the first request:
    // samples that include it would read as load and refuse a server's first callers. A server that
    // only answers injected requests (tests) counts from a few periods after it is ready; one that
    // listens counts from the moment it listens, with what came before forgotten (below), so that
    // the crowd that comes back after a restart is measured, and shed, from its first turn.
    let loopLimitFrom = Number.POSITIVE_INFINITY;
    app.addHook('onReady', async () => {
      loopLimitFrom = performance.now() + 3 * limits.sampleIntervalMs;
    });

    const shed = {
      eventLoopDelay: 0,
      eventLoopUtilization: 0,
      passwordQueue: 0,
      heapUsedBytes: 0,
      rssBytes: 0,
      other: 0,
    };
    const exempt = (request: FastifyRequest) =>
      EXEMPT_ROUTES.has(request.routeOptions.url ?? '') || isSeamlessWallet(request);
    // When players last kept the server busy (a sample period over BUSY_UTILIZATION, a request shed):
    // background work that can wait (the console's rollups) waits until BUSY_HOLD_MS after it.
    let lastBusyAt = Number.NEGATIVE_INFINITY;
    app.decorate('isBusy', () => performance.now() - lastBusyAt < BUSY_HOLD_MS);
    // A refusal must cost next to nothing: it comes when the loop has no time to spare, thousands a
    // minute. Its text depends only on the language and the wait, so each is translated once
    // (interpolating it was ~40 % of a refusal's CPU in bench:load's profile).
    const busyMessages = new Map<string, string>();
    const busyMessage = (request: FastifyRequest, seconds: number) => {
      const key = `${request.language}|${seconds}`;
      let message = busyMessages.get(key);
      if (message === undefined) {
        message = request.t('errors:SERVER_BUSY', { seconds });
        busyMessages.set(key, message);
      }
      return message;
    };
    const refuse = (
      request: FastifyRequest,
      reply: FastifyReply,
      type: string,
      seconds = limits.retryAfterSeconds,
    ) => {
      lastBusyAt = performance.now();
      shed[type in shed ? (type as keyof typeof shed) : 'other']++;
      return reply
        .code(503)
        .header('retry-after', String(seconds))
        .send({
          success: false,
          code: 'SERVER_BUSY',
          message: busyMessage(request, seconds),
          value: { retryAfterSeconds: seconds },
        });
    };
    const busy = (request: FastifyRequest, reply: FastifyReply, type: string) => {
      if (exempt(request)) return; // handled as usual
      refuse(request, reply, type);
    };

    // The event loop: its longest stall and utilisation per period set the share let in.
    const admission = new Admission();
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    let periodElu = performance.eventLoopUtilization();
    const lastPeriod = { maxDelayMs: 0, utilization: 0 };
    /** Sample periods over each limit in this window (each one stepped the share down). */
    const periodsOver = { eventLoopDelay: 0, eventLoopUtilization: 0 };
    const sampler = setInterval(() => {
      const current = performance.eventLoopUtilization();
      lastPeriod.utilization = performance.eventLoopUtilization(current, periodElu).utilization;
      periodElu = current;
      // The histogram counts its 10 ms sampling period in: taken off to give the stall.
      lastPeriod.maxDelayMs = Math.max(0, loopDelay.max / 1e6 - 10);
      loopDelay.reset();
      if (performance.now() < loopLimitFrom) return;
      if (lastPeriod.utilization > BUSY_UTILIZATION) lastBusyAt = performance.now();
      const over = admission.sample(lastPeriod, limits);
      if (over) periodsOver[over]++;
    }, limits.sampleIntervalMs);
    sampler.unref();
    // The utilisation of the last UTILIZATION_WINDOW_MS, read by the watch below.
    const recent = new RecentUtilization(
      UTILIZATION_WINDOW_MS,
      () => performance.eventLoopUtilization(),
      () => performance.now(),
    );
    app.server.once('listening', () => {
      loopDelay.reset();
      periodElu = performance.eventLoopUtilization();
      recent.reset();
      loopLimitFrom = performance.now();
    });
    // A long stall is acted on as soon as it ends, not at the end of its sample period: by then the
    // requests that queued up behind it, and more let in at the full share, would have made the next
    // turns as long (a server's first second after a restart, or a crowd arriving at once). A timer
    // every 10 ms sees how late it comes; each stall over LOAD_STALL_MS steps the share down once.
    // The same timer watches the utilisation of the last UTILIZATION_WINDOW_MS: a loop kept busy by
    // many short turns over the limit steps the share down once per window, without waiting for the
    // period's end. The period's sample still steps it back up when the loop keeps up.
    const watchStalls = limits.stallMs > 0 && limits.maxEventLoopDelayMs > 0;
    const watchUtilization = limits.maxEventLoopUtilization > 0;
    if (watchStalls || watchUtilization) {
      let due = performance.now() + STALL_CHECK_MS;
      const watch = setInterval(() => {
        const now = performance.now();
        const late = now - due;
        due = now + STALL_CHECK_MS;
        const utilization = watchUtilization ? recent.tick() : null;
        if (now < loopLimitFrom) return;
        if (watchStalls && late > limits.stallMs) {
          admission.stall();
          periodsOver.eventLoopDelay++;
        } else if (utilization !== null && utilization > limits.maxEventLoopUtilization) {
          admission.saturated();
          periodsOver.eventLoopUtilization++;
          recent.reset();
        }
      }, STALL_CHECK_MS);
      watch.unref();
      app.addHook('onClose', async () => clearInterval(watch));
    }
    app.addHook('onRequest', async (request, reply) => {
      if (admission.share < 1 && !exempt(request) && !admission.admit())
        return refuse(request, reply, admission.reason);
      if (PASSWORD_ROUTES.has(request.routeOptions.url ?? '')) {
        const admitted = passwordQueue.admit();
        if (!('place' in admitted))
          return refuse(
            request,
            reply,
            'passwordQueue',
            Math.max(1, Math.ceil(admitted.retryAfterMs / 1000)),
          );
        passwordPlaces.set(request, admitted.place);
      }
    });
    // A sign-in that ends before its hash (a throttle, a wrong challenge, a closed connection) gives
    // its place back; one that hashed gave it up when the hash started.
    const releasePlace = async (request: FastifyRequest) => {
      const place = passwordPlaces.get(request);
      if (place) passwordQueue.release(place);
    };
    app.addHook('onResponse', releasePlace);
    app.addHook('onRequestAbort', releasePlace);

    await app.register(underPressure, {
      // The event loop is judged above; under-pressure watches the memory only.
      maxEventLoopDelay: 0,
      maxEventLoopUtilization: 0,
      maxHeapUsedBytes: limits.maxHeapUsedBytes || Math.floor(getHeapStatistics().heap_size_limit * 0.9),
      maxRssBytes: limits.maxRssBytes,
      sampleInterval: limits.sampleIntervalMs,
      retryAfter: limits.retryAfterSeconds,
      pressureHandler: busy,
    });

    // Refusals thrown by services (the argon2 queue) carry their wait: say it in Retry-After too;
    // the server counts as busy, as for a request shed here.
    app.addHook('onError', async (_request, reply, error) => {
      const wait = error instanceof AppError ? error.details?.retryAfterSeconds : undefined;
      if (typeof wait !== 'number') return;
      lastBusyAt = performance.now();
      reply.header('retry-after', String(wait));
    });

    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let windowStart = performance.now();
    let elu = performance.eventLoopUtilization();
    const snapshot = () => {
      const memory = process.memoryUsage();
      return {
        windowSeconds: Math.round((performance.now() - windowStart) / 100) / 10,
        // The histogram counts the 10 ms sampling period in: it is taken off to give the lag.
        eventLoopDelayMs: {
          p50: Math.max(0, ms(delay.percentile(50)) - 10),
          p99: Math.max(0, ms(delay.percentile(99)) - 10),
          max: Math.max(0, ms(delay.max) - 10),
        },
        eventLoopUtilization: Math.round(performance.eventLoopUtilization(elu).utilization * 1000) / 1000,
        heapUsedBytes: memory.heapUsed,
        rssBytes: memory.rss,
        underPressure: app.isUnderPressure() || admission.share < 1,
        /** Share of requests let in now (1: all), and the last period it was set from. */
        admitted: admission.share,
        periodsOver: { ...periodsOver },
        lastPeriod: {
          maxDelayMs: Math.round(lastPeriod.maxDelayMs),
          utilization: Math.round(lastPeriod.utilization * 1000) / 1000,
        },
        /** Requests refused in this window, by the limit that refused them. */
        shed: { ...shed },
        /** Counters since start. */
        argon2: passwordQueue.stats(),
      };
    };
    let refusedBefore = 0;
    const refusedHashes = () => passwordQueue.stats().refusedFull + passwordQueue.stats().refusedTimeout;
    const rollWindow = () => {
      for (const key of Object.keys(shed)) shed[key as keyof typeof shed] = 0;
      periodsOver.eventLoopDelay = 0;
      periodsOver.eventLoopUtilization = 0;
      refusedBefore = refusedHashes();
      delay.reset();
      elu = performance.eventLoopUtilization();
      windowStart = performance.now();
    };
    const timer =
      limits.logIntervalMs > 0
        ? setInterval(() => {
            const load = snapshot();
            const strained = Object.values(load.shed).some((n) => n > 0) || refusedHashes() > refusedBefore;
            (strained ? app.log.warn : app.log.info).call(app.log, { load }, 'load');
            rollWindow();
          }, limits.logIntervalMs)
        : null;
    timer?.unref();
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      clearInterval(sampler);
      delay.disable();
      loopDelay.disable();
    });

    app.get(
      '/ops/load',
      {
        ...operatorRoute('system.read'),
        schema: { tags: ['system'], summary: 'Event-loop delay, memory, shed requests' },
      },
      async (request) => ok(request, snapshot()),
    );
  },
  { name: 'load', dependencies: ['database', 'errors', 'i18n'] },
);
