import { z } from 'zod';
import {
  ANNOUNCEMENT_SORT_FIELDS,
  NOTIFICATION_SORT_FIELDS,
  UNREAD_HEADER,
  alertDeliveriesSchema,
  announcementCreatedSchema,
  announcementInputSchema,
  announcementListSchema,
  listQuerySchemaFor,
  markReadResultSchema,
  notificationListFilterSchema,
  notificationListSchema,
  problemSchema,
  unreadCountSchema,
  validationErrorSchema,
} from '@gearwatch/contracts';
import { parseListQuery, registerListRoute, sendPage } from '../http/list.ts';
import { MAX_ROW_ID, idParams } from '../http/params.ts';
import type { App } from '../http/types.ts';
import type { NotificationsService } from './service.ts';

/** The most ids one call marks (a page of the centre is far fewer). */
const MAX_IDS_PER_CALL = 500;

/** Row ids in a path, comma-separated; anything else names no rows (404), as any path id that does not validate. */
const idsParams = z.object({
  ids: z
    .string()
    .regex(new RegExp(`^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,${MAX_IDS_PER_CALL - 1}}$`))
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id <= MAX_ROW_ID)),
});

const tags = ['notifications'];

/** The caller's notification centre, an alert's deliveries, and the super-admin's announcements. */
export function notificationsRoutes(app: App, notifications: NotificationsService): void {
  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: `The caller's notifications, newest first (list protocol; filter "unread": true for the unread ones only); the ${UNREAD_HEADER} header carries the unread count`,
        querystring: listQuerySchemaFor(notificationListFilterSchema),
        response: { 200: notificationListSchema, 204: z.null(), 400: validationErrorSchema, 401: problemSchema },
      },
    },
    async (request, reply) => {
      const list = parseListQuery(
        request.query,
        NOTIFICATION_SORT_FIELDS,
        [
          { field: 'createdAt', direction: 'desc' },
          { field: 'id', direction: 'desc' },
        ],
        notificationListFilterSchema,
      );
      const page = await notifications.list(request.auth, list);
      void reply.header(UNREAD_HEADER, String(page.unread));
      return sendPage(reply, list, page, request.id);
    },
  );
  app.get(
    '/api/notifications/unread',
    { schema: { tags, summary: "How many of the caller's notifications are unread", response: { 200: unreadCountSchema, 401: problemSchema } } },
    (request) => notifications.unread(request.auth),
  );
  app.patch(
    '/api/notifications/read',
    { schema: { tags, summary: "Mark all the caller's notifications read", response: { 200: markReadResultSchema, 401: problemSchema } } },
    (request) => notifications.markAllRead(request.auth),
  );
  app.patch(
    '/api/notifications/:ids/read',
    {
      schema: {
        tags,
        summary: "Mark notifications read (comma-separated ids); others' are left alone; 404 when none is the caller's",
        params: idsParams,
        response: { 200: markReadResultSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    (request) => notifications.markRead(request.auth, request.params.ids),
  );
  app.get(
    '/api/alerts/:id/deliveries',
    {
      schema: {
        tags,
        summary:
          'Who was told of the alert and how: per recipient and occurrence, the in-app notification (read or not) and the mail (pending, sent, failed with its reason); 404 when the caller does not see the alert',
        params: idParams,
        response: { 200: alertDeliveriesSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    (request) => notifications.deliveries(request.auth, request.params.id),
  );
  registerListRoute(app, '/api/announcements', tags, {
    summary: 'Announcements to every user, newest first (super-admin)',
    sortable: ANNOUNCEMENT_SORT_FIELDS,
    defaultSort: [{ field: 'createdAt', direction: 'desc' }],
    response: { 200: announcementListSchema, 204: z.null(), 400: validationErrorSchema, 401: problemSchema, 403: problemSchema },
    load: (auth, list) => notifications.announcements(auth, list),
  });
  app.post(
    '/api/announcements',
    {
      schema: {
        tags,
        summary:
          'Announce something to every user (super-admin): a notification for those with global notifications and the app on, a mail for those with it and e-mail on',
        body: announcementInputSchema,
        response: { 201: announcementCreatedSchema, 400: validationErrorSchema, 401: problemSchema, 403: problemSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await notifications.announce(request.auth, request.body)),
  );
}
