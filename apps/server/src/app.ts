import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { pickDrivers } from './composition/drivers.js';
import { decorateHousekeeping } from './composition/housekeeping.js';
import { meteredSms } from './composition/metered.js';
import { registerApi } from './composition/route-scopes.js';
import { createServices } from './composition/services.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { SESSION_COOKIE } from './features/auth/auth-cookies.js';
import type { SmsSender } from './features/auth/sms/sms-sender.js';
import type { Notifier } from './features/notifications/notifier.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { registerErrorHandling } from './plugins/error-handler.js';
import { httpBoundary } from './plugins/http-boundary.js';
import { registerOriginGuard } from './plugins/origin-guard.js';
import { registerLoadShedding } from './plugins/load-shedding.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerClientLimits } from './plugins/request-limits.js';
import { refuseUnsafeText } from './plugins/safe-text.js';
import { refuseWhileClosing } from './plugins/refuse-while-closing.js';
import { registerWebApp } from './plugins/web-app.js';

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the SMS driver the configuration names (tests pass one that records). */
  sms?: SmsSender;
  /** Notification channels in place of those the configuration names, or beyond them (tests pass ones that record). */
  notifiers?: Notifier[];
}

/**
 * Composes the app: infrastructure plugins, then the drivers and services (composition/), the background work they
 * offer, and the API's scopes. Listening is the caller's business.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, logger = false, sms, notifiers = [] } = options;
  const boundary = httpBoundary(config);
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    return503OnClosing: false,
    ...boundary.serverOptions,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  boundary.register(app);
  refuseWhileClosing(app);
  await registerLoadShedding(app, config.shedding);
  await registerClientLimits(app, config.requestLimits.client);
  refuseUnsafeText(app);
  const meter = config.metricsToken ? registerMetrics(app, database, config.metricsToken) : null;

  await app.register(compress);
  await app.register(cookie);
  await app.register(cors, { origin: config.corsOrigins, credentials: true });
  registerOriginGuard(app, config.publicOrigin, config.corsOrigins);
  await registerApiDocs(app);

  const picked = pickDrivers(config, app.log, sms);
  // With metrics on, what leaves by SMS and by each notification channel is counted on its way.
  const drivers = meter ? { ...picked, sms: meteredSms(picked.sms, meter) } : picked;
  const services = await createServices(config, database, drivers, app.log, notifiers, meter);
  app.addHook('onClose', () => services.revocations.close());
  decorateHousekeeping(app, services, database.db);
  await registerApi(app, config, database, drivers, services);

  if (config.webDistDir) await registerWebApp(app, config.webDistDir, SESSION_COOKIE);
  return app;
}
