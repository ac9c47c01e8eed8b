import type { ImpersonableUser, TokenResponse } from '@gearwatch/contracts';
import { IMPERSONATION_MESSAGE_KEYS, MESSAGE_KEYS } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import type { AuthService } from '../auth/service.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../http/errors.ts';
import type { ListRequest, Page } from '../http/list.ts';
import { displayName } from '../users/presenter.ts';
import type { UsersRepository } from '../users/repository.ts';
import type { ImpersonableSortField, ImpersonationRepository, ImpersonationScope } from './repository.ts';

/** Acting as another user (spec 01 §4, §6; decision 004). */
export class ImpersonationService {
  constructor(
    private readonly repository: ImpersonationRepository,
    private readonly usersRepository: UsersRepository,
    private readonly authService: AuthService,
  ) {}

  async list(auth: AuthContext, request: ListRequest<ImpersonableSortField>): Promise<Page<ImpersonableUser>> {
    const page = await this.repository.list(this.scope(auth), request);
    return {
      total: page.total,
      entries: page.entries.map((row) => ({
        id: row.id,
        name: displayName(row),
        username: row.username,
        email: row.email,
        company: { id: row.companyId, name: row.companyName },
      })),
    };
  }

  async impersonate(auth: AuthContext, userId: number, clientId: string): Promise<TokenResponse> {
    const scope = this.scope(auth);
    if (userId === auth.userId) throw new ValidationError({}, [IMPERSONATION_MESSAGE_KEYS.self]);
    const clientKey = await this.authService.clientKey(clientId);
    if (clientKey === undefined) throw ValidationError.field('client_id', MESSAGE_KEYS.incorrect);
    // A user outside the scope is answered like a missing one, so the call does not reveal who exists elsewhere.
    if (!(await this.repository.isCandidate(scope, userId))) throw new NotFoundError();
    const target = await this.usersRepository.findById(userId);
    if (!target) throw new NotFoundError();
    return this.authService.startImpersonation(target, clientKey, auth.userId);
  }

  /** Refuses callers without the extra, and impersonated sessions: one hop only, so the record of who acts stays whole. */
  private scope(auth: AuthContext): ImpersonationScope {
    if (auth.impersonatorId !== undefined) throw new ForbiddenError(IMPERSONATION_MESSAGE_KEYS.nested);
    if (!auth.canImpersonate) throw new ForbiddenError();
    return { callerId: auth.userId, companyId: auth.isSuperAdmin ? null : auth.companyId, includeSuperAdmins: auth.isSuperAdmin };
  }
}
