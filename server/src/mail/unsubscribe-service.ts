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
}
