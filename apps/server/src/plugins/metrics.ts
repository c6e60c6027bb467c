import { timingSafeEqual } from 'node:crypto';
import type { NotificationChannel, NotificationKind } from '@klaimor/contracts';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client.js';

/** Seconds: from a cached read to a slow page of a search, and the timeouts beyond. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The job queue's waiting work by job, read from pg-boss's own table: jobs due and not yet taken, and how long the
 * oldest of them has been due (the lag a reminder or a notice waits on top of its own time).
 */
const QUEUE_SQL = `
  select name, count(*)::int as waiting,
    coalesce(extract(epoch from now() - min(start_after) filter (where start_after <= now())), 0)::float as lag
  from jobs.job where state in ('created', 'retry') group by name`;

/** What leaves the app by its channels, counted as it goes (composition/metered.ts wraps the channels with it). */
export interface DeliveryMeter {
  /** A notification a channel took (`sent`) or could not (`failed`), by its kind (a reminder's or another's). */
  notification(channel: NotificationChannel, kind: NotificationKind, outcome: 'sent' | 'failed'): void;
  /** A text message the gateway took, and how many segments it is charged as; or one it refused. */
  sms(outcome: 'sent' | 'failed', segments: number): void;
}

/**
 * Operational metrics in Prometheus' text format at /metrics, for the operator's scraper and no one else: it exists
 * only when METRICS_TOKEN is set and answers only that bearer token (a route's counts say how the app is used, not
 * who uses it: no label holds a person, an address or an id). prom-client, the maintained Node client, keeps one
 * registry per app so that two apps in one process (tests) never mix their counts.
 */
export function registerMetrics(app: FastifyInstance, database: Database, token: string): DeliveryMeter {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'klaimor_' });

  const requests = new Counter({
    name: 'klaimor_http_requests_total',
    help: 'Requests answered, by method, route (as registered, not as asked) and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'klaimor_http_request_duration_seconds',
    help: 'Time from the request to its answer, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // A path no route took is counted once under one name: its text is the asker's, and unbounded.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'klaimor_db_pool_connections',
    help: "The PostgreSQL connection pool's connections, by state (open includes idle), and its size (max)",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = database.poolUse();
      if (!use) return;
      this.set({ state: 'open' }, use.open);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'max' }, use.max);
    },
  });
  new Gauge({
    name: 'klaimor_db_pool_waiting',
    help: 'Queries waiting for a connection of the pool',
    registers: [registry],
    collect() {
      const use = database.poolUse();
      if (use) this.set(use.waiting);
    },
  });

  const queueRows = async () => {
    try {
      return (await database.query(QUEUE_SQL)).rows as { name: string; waiting: number; lag: number }[];
    } catch {
      // No job queue on this database yet (it is made when a server starts): nothing waits.
      return [];
    }
  };
  // The registry reads its metrics at once, not in turn: each gauge asks the queue for itself.
  new Gauge({
    name: 'klaimor_job_queue_waiting',
    help: 'Jobs due or scheduled and not yet taken, by job',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      const rows = await queueRows();
      this.reset();
      for (const row of rows) this.set({ job: row.name }, row.waiting);
    },
  });
  new Gauge({
    name: 'klaimor_job_queue_lag_seconds',
    help: 'How long the oldest job due has waited to be taken, by job',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      const rows = await queueRows();
      this.reset();
      for (const row of rows) this.set({ job: row.name }, row.lag);
    },
  });

  const notifications = new Counter({
    name: 'klaimor_notifications_total',
    help: 'Notifications handed to a channel, by channel, kind (dose and appointment reminders among them) and outcome',
    labelNames: ['channel', 'kind', 'outcome'] as const,
    registers: [registry],
  });
  const smsMessages = new Counter({
    name: 'klaimor_sms_messages_total',
    help: 'Text messages (codes and notifications) handed to the SMS gateway, by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const smsSegments = new Counter({
    name: 'klaimor_sms_segments_total',
    help: 'SMS segments the gateway took: what it charges for (a Thai text is one segment up to 70 characters)',
    registers: [registry],
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({
          error: { code: 'unauthenticated', message: 'ต้องใช้โทเค็นสำหรับอ่านตัวชี้วัด' },
        });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return {
    notification: (channel, kind, outcome) => notifications.inc({ channel, kind, outcome }),
    sms(outcome, segments) {
      smsMessages.inc({ outcome });
      if (outcome === 'sent') smsSegments.inc(segments);
    },
  };
}
