import type { CreatedDisplayLink, DisplayLink } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { scopeOf } from '../security/context.ts';
import { NotFoundError } from '../http/errors.ts';
import type { DisplayLinkRecord, DisplayLinksRepository } from './display-links-repository.ts';
import { hashDisplayToken, newDisplayToken } from './display-token.ts';
import type { ProductionViewChangeListener } from './views-service.ts';

/** The screen a display link opens (web route `/display/:token`). */
export function displayPath(token: string): string {
  return `/display/${token}`;
}

/**
 * A view's display links (a TV shows one view without a user's sign-in): made, listed and revoked by those who reach
 * the view (its company's users, a super-admin). The token is answered once, when the link is made, and kept only as its SHA-256, so neither a
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
      const companyId = await repository.viewCompany(scopeOf(auth), viewId, { hold: true });
      if (companyId === undefined) throw new NotFoundError();
      const id = await repository.insert(companyId, viewId, { tokenSha256: hashDisplayToken(token), label: input.label?.trim() ?? '', createdBy: auth.userId });
      return (await repository.find(companyId, viewId, id))!;
    });
    return { ...present(link), token, path: displayPath(token) };
  }

  async list(auth: AuthContext, viewId: number): Promise<DisplayLink[]> {
    const companyId = await this.repository.viewCompany(scopeOf(auth), viewId);
    if (companyId === undefined) throw new NotFoundError();
    return (await this.repository.list(companyId, viewId)).map(present);
  }

  /** Revokes the link at once: 404 for a link of another view or company, as for one that does not exist. */
  revoke(auth: AuthContext, viewId: number, linkId: number): Promise<void> {
    return this.repository.transaction(async (repository, trx) => {
      const companyId = await repository.viewCompany(scopeOf(auth), viewId);
      if (companyId === undefined || !(await repository.delete(companyId, viewId, linkId))) throw new NotFoundError();
      await this.changed(trx, { kind: 'link-revoked', companyId, viewId, linkId });
    });
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
