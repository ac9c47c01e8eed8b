import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from './smtp.ts';

/**
 * The test SMTP server outlives the clients the crash tests kill. A client reset in the middle of a message is an
 * error event on smtp-server's server (a CI run died of it as an uncaught exception); the helper keeps it instead.
 */
describe('the test SMTP server', () => {
  let server: TestSmtpServer | undefined;
  afterEach(async () => {
    await server?.close();
  });

  it('keeps a client reset in the middle of a message as a connection error, and goes on serving', async () => {
    server = await startSmtpServer({ answerDelayMs: Infinity });
    const port = Number(new URL(server.url).port);
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.write(['EHLO client.test', 'MAIL FROM:<a@example.test>', 'RCPT TO:<b@example.test>', 'DATA', 'Subject: cut', '', 'body', '.', ''].join('\r\n'));
    const started = server;
    await expect.poll(() => started.dataStarted()).toBe(1);
    socket.resetAndDestroy();
    await expect.poll(() => started.connectionErrors.map((error) => (error as NodeJS.ErrnoException).code)).toEqual(['ECONNRESET']);

    const next = connect(port, '127.0.0.1');
    const greeting = await new Promise<string>((resolve) => next.once('data', (chunk: Buffer) => resolve(chunk.toString())));
    next.destroy();
    expect(greeting).toMatch(/^220 /);
  });
});
