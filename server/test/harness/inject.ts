import type { FastifyInstance, InjectOptions } from 'fastify';

/** What the harnesses read of an answer. */
export interface InjectedAnswer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/**
 * `app.inject` for any route. An event stream (`config.eventStream`, GET /api/events) never ends by itself, so it is
 * injected as a stream: its status and headers, the first chunk of a 200 (what the stream opens with), then the
 * request is aborted as a client that goes away; any other answer is read whole.
 */
export async function injectAny(app: FastifyInstance, options: InjectOptions, eventStream = false): Promise<InjectedAnswer> {
  if (!eventStream) {
    const response = await app.inject(options);
    return { statusCode: response.statusCode, headers: response.headers, body: response.body };
  }
  const controller = new AbortController();
  const response = await app.inject({ ...options, payloadAsStream: true, signal: controller.signal });
  const stream = response.stream();
  let body = '';
  const open = response.statusCode === 200 && String(response.headers['content-type'] ?? '').startsWith('text/event-stream');
  try {
    for await (const chunk of stream) {
      body += String(chunk);
      if (open) break;
    }
  } finally {
    controller.abort();
    stream.destroy();
  }
  return { statusCode: response.statusCode, headers: response.headers, body };
}
