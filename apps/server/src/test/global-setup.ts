import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Migrates one embedded database and keeps its files, so each test file starts from a copy in well under a second. */
export default async function setup(project: TestProject): Promise<void> {
  if (process.env.DATABASE_URL) return;
  const database = openPglite();
  await database.migrate();
  const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `klaimor-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
}
