import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGE_KEYS, validationErrorSchema } from '@gearwatch/contracts';
import { ValidationError } from '../http/errors.ts';
import type { App } from '../http/types.ts';
import type { Translator } from '../i18n/translator.ts';
import { translatorFor } from '../i18n/translator.ts';
import type { UnsubscribeService } from './unsubscribe-service.ts';

// A report link's token carries the recipient's address (base64url), so it may be a few hundred characters.
const tokenQuery = z.object({ token: z.string().max(600).optional() });
const unsubscribedSchema = z.object({ unsubscribed: z.literal(true) });

/**
 * The unsubscribe links of every mail to a user (server/src/mail/unsubscribe.ts), no sign-in: the signed token is
 * the credential. `POST /api/unsubscribe?token=` is RFC 8058's one-click POST (the mail client sends it, body
 * `List-Unsubscribe=One-Click`); `GET /unsubscribe?token=` is the link in the body, opened in a browser: a page
 * that asks, because mail scanners open links, and its form's `POST /unsubscribe?token=` turns the mail off. Both
 * set the user's `email` notification preference to false.
 */
export function unsubscribeRoutes(app: App, unsubscribe: UnsubscribeService): void {
  // RFC 8058's POST body is `List-Unsubscribe=One-Click`, form-encoded or multipart/form-data; the token in the
  // query is all that counts, so a multipart body is read (within the body limit) and dropped.
  void app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/unsubscribe',
      {
        config: { public: true },
        schema: {
          tags: ['notifications'],
          summary: "RFC 8058 one-click unsubscribe (List-Unsubscribe-Post): turns the token's user's e-mail notifications off; no sign-in",
          security: [],
          querystring: tokenQuery,
          response: { 200: unsubscribedSchema, 400: validationErrorSchema },
        },
      },
      async (request) => {
        if ((await unsubscribe.leaveReport(request.query.token)) !== undefined) return { unsubscribed: true as const };
        if ((await unsubscribe.turnEmailOff(request.query.token)) === undefined) throw ValidationError.field('token', MESSAGE_KEYS.incorrect);
        return { unsubscribed: true as const };
      },
    );
  });

  app.get('/unsubscribe', { config: { public: true }, schema: { hide: true, querystring: tokenQuery } }, async (request, reply) => {
    const report = await unsubscribe.reportOf(request.query.token);
    if (report) return html(reply, 200, askPage(translatorFor(report.language), request.query.token!, report.name));
    const language = await unsubscribe.languageOf(request.query.token);
    const page =
      language === undefined
        ? invalidPage(translatorFor(preferredLanguage(request.headers['accept-language'])))
        : askPage(translatorFor(language), request.query.token!);
    return reply
      .status(language === undefined ? 400 : 200)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page);
  });

  app.post('/unsubscribe', { config: { public: true }, schema: { hide: true, querystring: tokenQuery } }, async (request, reply) => {
    const report = await unsubscribe.leaveReport(request.query.token);
    if (report) return html(reply, 200, donePage(translatorFor(report.language), report.name));
    const language = await unsubscribe.turnEmailOff(request.query.token);
    const page = language === undefined ? invalidPage(translatorFor(preferredLanguage(request.headers['accept-language']))) : donePage(translatorFor(language));
    return reply
      .status(language === undefined ? 400 : 200)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page);
  });
}

function preferredLanguage(header: string | undefined): string {
  return /^\s*([a-z]{2})/i.exec(header ?? '')?.[1]?.toLowerCase() ?? '';
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

/** `report`: a report link's configuration name (that report's mail only), absent for the notifications link. */
function askPage(t: Translator, token: string, report?: string): string {
  const action = `/unsubscribe?token=${encodeURIComponent(token)}`;
  const question = report === undefined ? t.html('mail.unsubscribe.question') : t.html('reports.mail.unsubscribe.question', { name: report });
  return page(
    t,
    `<p>${question}</p><form method="post" action="${escapeAttribute(action)}"><button type="submit">${t.html('mail.unsubscribe.button')}</button></form>`,
  );
}

function donePage(t: Translator, report?: string): string {
  return page(t, `<p>${report === undefined ? t.html('mail.unsubscribe.done') : t.html('reports.mail.unsubscribe.done', { name: report })}</p>`);
}

function invalidPage(t: Translator): string {
  return page(t, `<p>${t.html('mail.unsubscribe.invalid')}</p>`);
}

function page(t: Translator, body: string): string {
  const title = t.html('mail.unsubscribe.title');
  return `<!doctype html><html lang="${t.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#222}button{font:inherit;padding:.5rem 1.25rem;border-radius:4px;border:0;background:#1565c0;color:#fff;cursor:pointer}</style></head><body><h1>${title}</h1>${body}</body></html>`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
