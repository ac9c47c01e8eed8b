import type { UnsubscribeRepository } from './unsubscribe-repository.ts';
import type { UnsubscribeLinks } from './unsubscribe.ts';

/** What the unsubscribe routes do with a link's token: find its user, turn their e-mail notifications off. */
export class UnsubscribeService {
  constructor(
    private readonly repository: UnsubscribeRepository,
    private readonly links: UnsubscribeLinks,
  ) {}

  /** The language of the token's user; undefined when the token is not ours or the user is gone. */
  async languageOf(token: unknown): Promise<string | undefined> {
    const userId = this.links.verify(token);
    return userId === null ? undefined : this.repository.languageOf(userId);
  }

  /** Turns the token's user's e-mail notifications off; their language, or undefined as `languageOf`. */
  async turnEmailOff(token: unknown): Promise<string | undefined> {
    const userId = this.links.verify(token);
    return userId === null ? undefined : this.repository.turnEmailOff(userId);
  }

  /** A report link's configuration name and language; undefined when the token is not a report link of ours or it is gone. */
  async reportOf(token: unknown): Promise<{ name: string; language: string } | undefined> {
    const link = this.links.verifyReport(token);
    return link ? this.repository.reportOf(link.configurationId, link.recipient) : undefined;
  }

  /** Takes a report link's recipient off its configuration; undefined as `reportOf`. */
  async leaveReport(token: unknown): Promise<{ name: string; language: string } | undefined> {
    const link = this.links.verifyReport(token);
    if (!link) return undefined;
    const report = await this.repository.reportOf(link.configurationId, link.recipient);
    if (report) await this.repository.leaveReport(link.configurationId, link.recipient);
    return report;
  }
}
