import { expect } from '@playwright/test';
import { MAIL_SINK_URL } from './ports.ts';

export interface SunkMail {
  to: string[];
  subject: string;
  body: string;
  /** Attachments with their decoded size (the sink keeps no content). */
  attachments: { filename: string; contentType: string; size: number }[];
}

/** Everything the app has mailed so far, as the local SMTP sink received it. */
export async function inbox(): Promise<SunkMail[]> {
  const response = await fetch(`${MAIL_SINK_URL}/messages`);
  return (await response.json()) as SunkMail[];
}

/** Waits for a mail to the address that arrived after `since` mails were already there. */
export async function waitForMail(to: string, since: number): Promise<SunkMail> {
  let found: SunkMail | undefined;
  await expect
    .poll(async () => {
      found = (await inbox()).slice(since).find((mail) => mail.to.includes(to));
      return found !== undefined;
    })
    .toBe(true);
  return found as SunkMail;
}
