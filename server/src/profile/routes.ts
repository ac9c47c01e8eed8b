import {
  passwordChangeResponseSchema,
  passwordChangeSchema,
  problemSchema,
  profileSchema,
  profileUpdateSchema,
  validationErrorSchema,
} from '@gearwatch/contracts';
import type { SchemaIssue } from '../http/error-handler.ts';
import { lookupIn, validationErrorFromIssues } from '../http/error-handler.ts';
import { ValidationError } from '../http/errors.ts';
import type { App } from '../http/types.ts';
import type { ProfileService } from './service.ts';
import { checkUpdate } from './service.ts';

/** The user's names are sent as `user.firstname`, `user.lastname`; their errors are the dialog's fields `firstname`, `lastname`. */
function fieldErrors(error: ValidationError): ValidationError {
  const errors = Object.fromEntries(Object.entries(error.errors).map(([field, keys]) => [field.replace(/^user\./, ''), keys]));
  return new ValidationError(errors, error.rootErrors);
}

export function profileRoutes(app: App, profile: ProfileService): void {
  const tags = ['users'];
  app.get(
    '/api/users/current/profile',
    {
      schema: {
        tags,
        summary: "The signed-in user's profile: names, e-mail, avatar and the notification preferences (spec 01 §3)",
        response: { 200: profileSchema, 401: problemSchema },
      },
    },
    (request) => profile.get(request.auth),
  );
  app.patch(
    '/api/users/current/profile',
    {
      attachValidation: true,
      schema: {
        tags,
        summary:
          "Changes the signed-in user's names, avatar (a png or jpeg data URL, at most 512 KB; null removes it) and notification " +
          'preferences; what is absent stays. 400 names every wrong field (firstname, lastname, avatar) and writes nothing.',
        body: profileUpdateSchema,
        response: { 200: profileSchema, 400: validationErrorSchema, 401: problemSchema },
      },
    },
    (request) => {
      if (request.validationError) {
        const schema = fieldErrors(validationErrorFromIssues(request.validationError.validation as SchemaIssue[], undefined, lookupIn(request.body)));
        // The service's rules on the parts the schema took, so one answer names every wrong field.
        const body =
          request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Parameters<typeof checkUpdate>[0]) : {};
        const rules = checkUpdate({ ...body, user: body.user && typeof body.user === 'object' ? body.user : undefined });
        throw new ValidationError({ ...rules.errors, ...schema.errors }, schema.rootErrors);
      }
      return profile.update(request.auth, request.body);
    },
  );
  app.put(
    '/api/users/current/password',
    {
      schema: {
        tags,
        summary:
          "Changes the signed-in user's password, given the current one (at least 8 characters). Ends the user's other sessions " +
          '(keeping the one whose refreshToken is sent) and mails a notice. 403 in an impersonated session; 429 after repeated wrong passwords.',
        body: passwordChangeSchema,
        response: { 200: passwordChangeResponseSchema, 400: validationErrorSchema, 401: problemSchema, 403: problemSchema, 429: problemSchema },
      },
    },
    (request) => profile.changePassword(request.auth, request.body, request.ip),
  );
}
