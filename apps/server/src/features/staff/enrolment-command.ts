import type { z } from 'zod';
import { type Config, loadConfig } from '../../config.js';
import { type Database, type Db, openDatabase } from '../../db/client.js';

/** What an enrolment command made: who, in words, and the one-time link for them. */
export interface Enrolment {
  who: string;
  expiresAt: Date;
  link: string;
}

/**
 * What `staff:create` and `operator:create` share: the arguments checked against `schema` (the usage and exit code 2
 * when wrong), the configured database opened and migrated, the enrolment made and its link printed; the reason and
 * exit code 1 when it fails (another process holding the embedded database, a facility unknown).
 */
export async function runEnrolmentCommand<T>(
  usage: string,
  schema: z.ZodType<T>,
  values: unknown,
  enrol: (db: Db, config: Config, args: T) => Promise<Enrolment>,
): Promise<void> {
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    console.error(usage);
    console.error(parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n'));
    process.exit(2);
  }
  const config = loadConfig();
  let database: Database | undefined;
  try {
    database = openDatabase(config);
    await database.migrate();
    const made = await enrol(database.db, config, parsed.data);
    console.log(made.who);
    console.log(`One-time enrolment link, valid until ${made.expiresAt.toISOString()}:`);
    console.log(made.link);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  } finally {
    await database?.close();
  }
}
