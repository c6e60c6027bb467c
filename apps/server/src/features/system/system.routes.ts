import { type AppConfig, AppConfigReply, HealthReply } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';

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
