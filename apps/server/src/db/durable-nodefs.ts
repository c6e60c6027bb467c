import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * The embedded database on disk, durable like a PostgreSQL server: a commit acknowledged to a patient survives a power
 * cut or an operating-system crash, not only a crash of this process.
 *
 * PGlite starts PostgreSQL with fsync off (`-F` in `PGlite.defaultStartParams`), and the Emscripten file system it uses
 * on Node (NODEFS) writes through to real files but has no fsync of its own, while fdatasync (PostgreSQL's default way
 * to flush the write-ahead log on Linux) is a call that does nothing there. So: fsync on, the log flushed with fsync(),
 * and NODEFS's fsync made a real one, installed before PostgreSQL starts. The cost is in README's figures
 * (`npm run bench booking`); `durable-nodefs.test.ts` checks that a commit reaches fsync.
 */
export const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

interface NodeFsStream {
  nfd?: number;
}
interface EmscriptenNodeFs {
  stream_ops: { fsync?(stream: NodeFsStream): number };
}
type EmscriptenOptions = Awaited<ReturnType<NodeFS['init']>>['emscriptenOpts'];
type PreRun = NonNullable<EmscriptenOptions['preRun']>[number];

export class DurableNodeFS extends NodeFS {
  async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const flushing: PreRun = (mod) => {
      (mod as unknown as { NODEFS: EmscriptenNodeFs }).NODEFS.stream_ops.fsync = (stream) => {
        if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), flushing] } };
  }
}
