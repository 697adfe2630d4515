import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake endpoint received. */
export interface FakeAiRequest {
  path: string;
  authorization: string | undefined;
  body: { model?: string; messages?: unknown[] };
}

/** What the fake answers next: a status and a JSON body, or no answer at all (a hung server). */
export type FakeAiReply = { status: number; body: unknown } | 'hang';

export interface FakeAi {
  /** The base URL to configure as AI_BASE_URL. */
  baseUrl: string;
  requests: FakeAiRequest[];
  /** Sets the answer to every following request. */
  reply(next: FakeAiReply): void;
  stop(): Promise<void>;
}

/** An answer shaped as an OpenAI-compatible `/chat/completions` reply carrying `content`. */
export function completion(content: string): FakeAiReply {
  return {
    status: 200,
    body: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    },
  };
}

/**
 * A local OpenAI-compatible endpoint on a free port, for tests: it records what it was sent and
 * answers with whatever the test set, so the real HTTP client, timeout and validation run.
 */
export async function startFakeAi(): Promise<FakeAi> {
  const requests: FakeAiRequest[] = [];
  let next: FakeAiReply = { status: 500, body: { error: 'no reply set' } };
  const hung = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as FakeAiRequest['body'],
      });
      if (next === 'hang') {
        hung.add(res);
        return;
      }
      res.writeHead(next.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(next.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    reply(reply) {
      next = reply;
    },
    async stop() {
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
