import type { CreatedDisplayLink, DisplayLink } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { NotFoundError } from '../http/errors.ts';
import type { DisplayLinkRecord, DisplayLinksRepository } from './display-links-repository.ts';
import { hashDisplayToken, newDisplayToken } from './display-token.ts';
import type { ProductionViewChangeListener } from './views-service.ts';

/** The screen a display link opens (web route `/display/:token`). */
export function displayPath(token: string): string {
  return `/display/${token}`;
}

/**
 * A view's display links (a TV shows one view without a user's sign-in): made, listed and revoked by the users of
 * the view's company. The token is answered once, when the link is made, and kept only as its SHA-256, so neither a
 * later list nor a copy of the database can open a screen. Serving the screen by its token is the live part's.
 */
export class DisplayLinksService {
  constructor(
    private readonly repository: DisplayLinksRepository,
    private readonly changed: ProductionViewChangeListener = async () => undefined,
  ) {}

  async create(auth: AuthContext, viewId: number, input: { label?: string }): Promise<CreatedDisplayLink> {
    const token = newDisplayToken();
    // The view is held (key share) until the link is in, so a delete running alongside cannot leave it without its view.
    const link = await this.repository.transaction(async (repository) => {
      if (!(await repository.viewExists(auth.companyId, viewId, { hold: true }))) throw new NotFoundError();
      const id = await repository.insert(auth.companyId, viewId, { tokenSha256: hashDisplayToken(token), label: input.label?.trim() ?? '', createdBy: auth.userId });
      return (await repository.find(auth.companyId, viewId, id))!;
    });
    return { ...present(link), token, path: displayPath(token) };
  }

  async list(auth: AuthContext, viewId: number): Promise<DisplayLink[]> {
    await this.view(auth, viewId);
    return (await this.repository.list(auth.companyId, viewId)).map(present);
  }

  /** Revokes the link at once: 404 for a link of another view or company, as for one that does not exist. */
  revoke(auth: AuthContext, viewId: number, linkId: number): Promise<void> {
    return this.repository.transaction(async (repository, trx) => {
      if (!(await repository.delete(auth.companyId, viewId, linkId))) throw new NotFoundError();
      await this.changed(trx, { kind: 'link-revoked', companyId: auth.companyId, viewId, linkId });
    });
  }

  private async view(auth: AuthContext, viewId: number): Promise<void> {
    if (!(await this.repository.viewExists(auth.companyId, viewId))) throw new NotFoundError();
  }
}

function present(link: DisplayLinkRecord): DisplayLink {
  return {
    id: link.id,
    viewId: link.viewId,
    label: link.label,
    createdAt: new Date(link.createdAt).toISOString(),
    createdBy: link.createdBy === null ? null : { id: link.createdBy, name: link.createdByName ?? '' },
    lastUsedAt: link.lastUsedAt === null ? null : new Date(link.lastUsedAt).toISOString(),
  };
}
