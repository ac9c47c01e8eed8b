// A real SMTP server for the browser tests: the app sends its mail here (SMTP_URL), and the tests read what
// arrived from a small HTTP endpoint, as a user would read their inbox.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT ?? 18025);
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT ?? 18026);

interface Attachment {
  filename: string;
  contentType: string;
  /** Decoded bytes. */
  size: number;
}
interface Message {
  to: string[];
  subject: string;
  body: string;
  attachments: Attachment[];
}
const messages: Message[] = [];

function decodeQuotedPrintable(text: string): string {
  return Buffer.from(decodeQuotedPrintableBytes(text)).toString('utf8');
}

function decodeQuotedPrintableBytes(text: string): number[] {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i) & 0xff);
    }
  }
  return bytes;
}

const ENCODED_WORD = /=\?utf-8\?([qb])\?([^?]*)\?=/gi;

/**
 * A header's RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) as the text they stand for. Adjacent words are
 * decoded as one run of bytes (a character may be split between two) and the space between them is no text (§6.2).
 */
function decodeEncodedWords(text: string): string {
  return text.replace(/(?:=\?utf-8\?[qb]\?[^?]*\?=\s*)+/gi, (run) => {
    const bytes = [...run.matchAll(ENCODED_WORD)].map(([, encoding, data]) =>
      encoding!.toLowerCase() === 'b' ? Buffer.from(data!, 'base64') : Buffer.from(decodeQuotedPrintableBytes(data!.replace(/_/g, ' '))),
    );
    return Buffer.concat(bytes).toString('utf8') + (/\s$/.test(run) ? ' ' : '');
  });
}

/** The attachments of a multipart mail: each part with a content-disposition of attachment, its base64 decoded. */
function attachmentsOf(raw: string): Attachment[] {
  const attachments: Attachment[] = [];
  for (const part of raw.split(/\r\n--[^\r\n]+\r\n/)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
    if (!/^content-disposition:\s*attachment/im.test(head)) continue;
    const filename = /filename\*?=(?:"([^"]+)"|([^;\r\n]+))/i.exec(head);
    const contentType = /^content-type:\s*([^;\r\n]+)/im.exec(head)?.[1] ?? '';
    const data = part.slice(split + 4).replace(/\r\n--[^\r\n]*--\s*$/, '');
    attachments.push({ filename: (filename?.[1] ?? filename?.[2] ?? '').trim(), contentType, size: Buffer.from(data, 'base64').length });
  }
  return attachments;
}

function parse(raw: string): Omit<Message, 'to'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const rawBody = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  const encoding = header('content-transfer-encoding').toLowerCase();
  const body =
    encoding === 'base64' ? Buffer.from(rawBody, 'base64').toString('utf8') : encoding === 'quoted-printable' ? decodeQuotedPrintable(rawBody) : rawBody;
  return { subject: decodeEncodedWords(header('subject')), body, attachments: attachmentsOf(raw) };
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      messages.push({ to: session.envelope.rcptTo.map((r) => r.address), ...parse(Buffer.concat(chunks).toString('latin1')) });
      callback();
    });
  },
});
// A client gone in the middle of a message (the server under test stopped) is an error event on the server; a sink
// that had no listener would die of it and fail the specs after it.
smtp.on('error', (error: Error) => console.error(`mail sink: ${error.message}`));
smtp.listen(smtpPort, '127.0.0.1');

createServer((request, response) => {
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(request.url === '/messages' ? messages : { ok: true }));
}).listen(httpPort, '127.0.0.1');

const stop = () => smtp.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
