import { supportMailResponseSchema } from '@gearwatch/contracts';
import type { SupportMailRequest, SupportMailResponse } from '@gearwatch/contracts';
import type { ApiClient } from '../../../api/client.ts';

/** Sends the support mail; `sent` is false when the message was kept but the mail server could not take it yet. */
export async function sendSupportMail(client: ApiClient, mail: SupportMailRequest): Promise<SupportMailResponse> {
  return supportMailResponseSchema.parse((await client.request('/api/support/mail', { method: 'POST', json: mail })).data);
}
