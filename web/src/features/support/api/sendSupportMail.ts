import type { ApiClient } from '../../../api/client.ts';

export interface SupportMail {
  subject: string;
  content: string;
}

export interface SupportMailResult {
  id: number;
  /** False when the message was kept but the mail server could not take it yet. */
  sent: boolean;
}

export async function sendSupportMail(client: ApiClient, mail: SupportMail): Promise<SupportMailResult> {
  return (await client.request<SupportMailResult>('/api/support/mail', { method: 'POST', json: mail })).data;
}
