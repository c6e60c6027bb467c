import { type AppConfig, AppConfigReply, ErrorReply, HealthReply, ReadyReply } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';

export function systemRoutes(db: Db, appConfig: AppConfig): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      { schema: { tags: ['system'], summary: 'Up once the database answers', response: { 200: HealthReply } } },
      async () => {
        await db.execute(sql`select 1`);
        return { data: [{ status: 'ok' as const, database: 'ok' as const }] };
      },
    );

    app.get(
      '/health/ready',
      {
        schema: {
          tags: ['system'],
          summary: 'Ready for traffic: the database answers and the job queue is set up in it',
          response: { 200: ReadyReply, 503: ErrorReply },
        },
      },
      async () => {
        try {
          await db.execute(sql`select 1 from jobs.version`);
        } catch {
          throw new AppError(503, 'service_unavailable', 'ระบบยังไม่พร้อมให้บริการ กรุณาลองใหม่อีกครั้ง');
        }
        return { data: [{ status: 'ready' as const, database: 'ok' as const, jobQueue: 'ok' as const }] };
      },
    );

    app.get(
      '/app-config',
      {
        schema: {
          tags: ['system'],
          summary: 'What the web app needs to know before login',
          response: { 200: AppConfigReply },
        },
      },
      async () => ({ data: [appConfig] }),
    );
  };
}
