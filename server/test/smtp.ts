import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string | null;
  to: string[];
  /** Header fields by lower-case name, unfolded and with encoded words (RFC 2047) decoded; the first occurrence wins. */
  headers: Record<string, string>;
  /** Every header line as sent, unfolded: to check that nothing was injected. */
  headerLines: string[];
  /** The decoded text body. */
  body: string;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Messages whose DATA had begun (received or not). */
  dataStarted(): number;
  /** Errors of client connections, e.g. a client killed in the middle of a message (ECONNRESET). */
  connectionErrors: Error[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a random local port that keeps what it receives. `rejectRecipients` makes it refuse every
 * recipient with 550, as a mail server that will not take the message does. `port`: a given one (a server that comes
 * back where it was); `answerDelayMs`: the end of DATA is answered (and the mail kept) only after it; `answerGate`: only
 * once it resolves (a slow server whose answer the test releases when it has seen what happens meanwhile).
 */
export async function startSmtpServer(
  options: { rejectRecipients?: boolean; port?: number; answerDelayMs?: number; answerGate?: Promise<void> } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let started = 0;
  const server = new SMTPServer({
    authOptional: true,
    // nodemailer upgrades to TLS whenever it is offered, and would refuse this server's self-signed certificate.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!options.rejectRecipients) return callback();
      const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
      callback(error);
    },
    onData(stream, session, callback) {
      started++;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accept = () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            to: session.envelope.rcptTo.map((r) => r.address),
            ...parseMessage(Buffer.concat(chunks).toString('latin1')),
          });
          callback();
        };
        // A slow server answers the end of DATA late (Infinity: never; the client's connection closing drops it).
        if (options.answerGate) void options.answerGate.then(accept);
        else if (options.answerDelayMs === undefined) accept();
        else if (Number.isFinite(options.answerDelayMs)) setTimeout(accept, options.answerDelayMs);
      });
    },
  });
  const connectionErrors: Error[] = [];
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // smtp-server re-emits a connection's socket error on the server when it happens inside a transaction; without a
  // listener that is an uncaught exception in the test process. A real mail server logs it and goes on, so does this.
  server.on('error', (error: Error) => connectionErrors.push(error));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connectionErrors,
    dataStarted: () => started,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough MIME for a single-part text message: headers, and a quoted-printable, base64 or plain body. */
function parseMessage(raw: string): Pick<ReceivedMail, 'headers' | 'headerLines' | 'body'> {
  const split = raw.indexOf('\r\n\r\n');
  const headerLines = raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] ??= decodeEncodedWords(line.slice(colon + 1).trim());
  }
  const encoded = raw.slice(split + 4);
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  let bytes: Buffer;
  if (encoding === 'base64') bytes = Buffer.from(encoded, 'base64');
  else if (encoding === 'quoted-printable') bytes = decodeQuotedPrintable(encoded);
  else bytes = Buffer.from(encoded, 'latin1');
  return { headers, headerLines, body: bytes.toString('utf8').replace(/\r\n/g, '\n') };
}

/** `=?UTF-8?B?…?=` and `=?UTF-8?Q?…?=`, as nodemailer writes non-ASCII headers; adjacent words join without space. */
function decodeEncodedWords(value: string): string {
  return value.replace(/(?:=\?[^?]+\?[BbQq]\?[^?]*\?=\s*)+/g, (run) => {
    const trailing = /\s*$/.exec(run)?.[0] ?? '';
    // A character may be split between two words, so the bytes are joined before decoding.
    const bytes = [...run.matchAll(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g)].map(([, encoding, text = '']) =>
      encoding?.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text.replaceAll('_', ' ')),
    );
    return Buffer.concat(bytes).toString('utf8') + trailing;
  });
}

function decodeQuotedPrintable(text: string): Buffer {
  const soft = text.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(soft.charCodeAt(i));
    }
  }
  return Buffer.from(bytes);
}
