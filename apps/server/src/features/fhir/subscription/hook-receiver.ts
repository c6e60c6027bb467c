import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedNotice {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A hospital's system's notification address for tests: a real HTTP server on this machine that keeps what it is
 * sent and answers each request with the status `answer` gives (200 unless changed).
 */
export async function hookReceiver() {
  const received: ReceivedNotice[] = [];
  let answer = (): number => 200;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.statusCode = answer();
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    answerWith(status: number | (() => number)) {
      answer = typeof status === 'number' ? () => status : status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type HookReceiver = Awaited<ReturnType<typeof hookReceiver>>;
