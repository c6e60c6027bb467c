import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { getHeapStatistics } from 'node:v8';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';

/** Seconds a client is asked to wait: long enough for a lagging process to catch up, short for a person. */
const RETRY_AFTER_SEC = 5;

/**
 * A process that has fallen behind (its event loop lagging, or its heap near its limit) refuses new requests with 503
 * `service_unavailable` and Retry-After, before they cost anything, rather than queue them until it falls over: the
 * proxy's other processes and the client's retry take them instead. @fastify/under-pressure samples both every second;
 * the thresholds are SHED_EVENT_LOOP_DELAY_MS and SHED_HEAP_USED_PERCENT. Registered first, so it runs before the limits.
 */
export async function registerLoadShedding(app: FastifyInstance, shedding: Config['shedding']): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: shedding.eventLoopDelayMs,
    maxHeapUsedBytes: Math.round((getHeapStatistics().heap_size_limit * shedding.heapUsedPercent) / 100),
    // A rejected promise goes on to the error handler, which answers in the app's shape with the header.
    pressureHandler: async () => {
      throw new AppError(
        503,
        'service_unavailable',
        'ระบบมีผู้ใช้มากในขณะนี้ กรุณาลองอีกครั้งในอีกสักครู่',
        undefined,
        RETRY_AFTER_SEC,
      );
    },
  });
}
