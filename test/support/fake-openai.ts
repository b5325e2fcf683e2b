import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An OpenAI-compatible chat completions endpoint on loopback that answers what the test scripts. */
export interface FakeOpenAi {
  baseUrl: string;
  requests: { headers: Record<string, string | string[] | undefined>; body: Record<string, unknown> }[];
  answerWith(content: unknown, status?: number): void;
  close(): Promise<void>;
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: FakeOpenAi['requests'] = [];
  let next: { content: unknown; status: number } = { content: {}, status: 200 };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      requests.push({ headers: req.headers, body });
      if (req.url !== '/v1/chat/completions' || req.method !== 'POST') return res.writeHead(404).end();
      if (next.status !== 200)
        return res.writeHead(next.status, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [
            {
              index: 0,
              finish_reason: 'stop',
              logprobs: null,
              message: { role: 'assistant', content: JSON.stringify(next.content), refusal: null },
            },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    answerWith: (content, status = 200) => {
      next = { content, status };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
