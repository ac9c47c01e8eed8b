import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import {
  REPORT_FILE_SORT_FIELDS,
  problemSchema,
  reportFileListFilterSchema,
  reportFileListSchema,
  reportFileSchema,
  validationErrorSchema,
} from '@gearwatch/contracts';
import { registerListRoute } from '../../http/list.ts';
import { idParams } from '../../http/params.ts';
import type { App } from '../../http/types.ts';
import type { FileDownload, FilesService } from './files-service.ts';
import { contentDisposition } from '../generation/file-naming.ts';
import { REPORT_CONTENT_TYPES } from '../writers/index.ts';

const tags = ['reports'];

/** The 200 of a download: the file's bytes in its format's media type (the document lists each format's). */
const fileResponse = {
  description: "The file's bytes (attachment)",
  content: Object.fromEntries(
    Object.values(REPORT_CONTENT_TYPES).map((type) => [type.split(';')[0] as string, { schema: z.string().meta({ format: 'binary' }) }]),
  ),
};

function send(reply: FastifyReply, file: FileDownload) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(file.name))
    .header('cache-control', 'private, no-store')
    .header('access-control-expose-headers', 'content-disposition')
    .send(file.body);
}

/** `/api/reports/files`: the generated files the caller sees, their download and retry. */
export function reportFilesRoutes(app: App, files: FilesService): void {
  registerListRoute(app, '/api/reports/files', tags, {
    summary:
      'Generated report files the caller asked for or receives (every file of the company for a super-admin), newest first; search on the name; filter keys status, reportType, configuration',
    sortable: REPORT_FILE_SORT_FIELDS,
    filter: reportFileListFilterSchema,
    defaultSort: [{ field: 'createdAt', direction: 'desc' }],
    response: { 200: reportFileListSchema, 204: z.null(), 400: validationErrorSchema, 401: problemSchema },
    load: (auth, list) => files.list(auth, list),
  });
  app.get(
    '/api/reports/files/:id/download',
    {
      schema: {
        tags,
        summary: "The file's bytes, named in content-disposition (filename and RFC 5987 filename*); 404 unless it is DONE, not expired and the caller sees it",
        params: idParams,
        response: { 200: fileResponse, 401: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => send(reply, await files.download(request.auth, request.params.id)),
  );
  app.get(
    '/api/reports/files/:id/link',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "A report mail's download link (no sign-in: the token is the file's signature); 404 unless the token matches and the file is DONE and not expired",
        security: [],
        params: idParams,
        querystring: z.object({ token: z.string().max(100).optional() }),
        response: { 200: fileResponse, 404: problemSchema },
      },
    },
    async (request, reply) => send(reply, await files.downloadByLink(request.params.id, request.query.token)),
  );
  app.post(
    '/api/reports/files/:id/retry',
    {
      schema: {
        tags,
        summary: 'Make a failed file again: ERROR → NEW; 409 in any other state; answers the file',
        params: idParams,
        response: { 200: reportFileSchema, 401: problemSchema, 404: problemSchema, 409: problemSchema },
      },
    },
    (request) => files.retry(request.auth, request.params.id),
  );
}
