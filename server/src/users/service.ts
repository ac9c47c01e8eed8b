import type { CurrentUser } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { UnauthorizedError } from '../http/errors.ts';
import { presentCurrentUser } from './presenter.ts';
import type { UsersRepository } from './repository.ts';

export class UsersService {
  constructor(private readonly repository: UsersRepository) {}

  async current(auth: AuthContext): Promise<CurrentUser> {
    const user = await this.repository.findById(auth.userId);
    if (!user) throw new UnauthorizedError();
    const impersonator = auth.impersonatorId ? await this.repository.findById(auth.impersonatorId) : undefined;
    return presentCurrentUser(user, impersonator);
  }
}
