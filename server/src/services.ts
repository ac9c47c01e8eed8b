import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { DB } from './db/schema.ts';
import { AuthRepository } from './auth/repository.ts';
import { AuthService } from './auth/service.ts';
import { LoginThrottle } from './auth/throttle.ts';
import { AccessTokens } from './auth/tokens.ts';
import { UsersRepository } from './users/repository.ts';
import { UsersService } from './users/service.ts';
import { UserSettingsRepository } from './settings/repository.ts';
import { UserSettingsService } from './settings/service.ts';
import { DevicesRepository } from './devices/repository.ts';
import { DevicesService } from './devices/service.ts';
import { ImpersonationRepository } from './impersonation/repository.ts';
import { ImpersonationService } from './impersonation/service.ts';
import { createMailer } from './mail/mailer.ts';
import { PasswordLinksRepository } from './resetting/repository.ts';
import { PasswordLinksService } from './resetting/service.ts';
import { SupportRepository } from './support/repository.ts';
import { SupportService } from './support/service.ts';

export interface Services {
  auth: AuthService;
  users: UsersService;
  settings: UserSettingsService;
  devices: DevicesService;
  impersonation: ImpersonationService;
  support: SupportService;
  passwordLinks: PasswordLinksService;
}

/** Wires repositories into services; the one place that knows how the pieces fit. */
export async function createServices(db: Kysely<DB>, config: Config): Promise<Services> {
  const authRepository = new AuthRepository(db);
  const usersRepository = new UsersRepository(db);
  // Without a configured secret, one random secret is created once and shared through the database, so every
  // instance accepts every other instance's tokens and restarts keep sessions.
  const secret = config.JWT_SECRET ?? (await authRepository.getOrCreateSecret('jwt', () => randomBytes(48).toString('base64url')));
  const throttle = new LoginThrottle(authRepository, {
    slowdownAfter: config.LOGIN_SLOWDOWN_AFTER,
    lockAfter: config.LOGIN_LOCK_AFTER,
    windowSeconds: config.LOGIN_WINDOW_SECONDS,
    lockSeconds: config.LOGIN_LOCK_SECONDS,
    slowdownMs: config.LOGIN_SLOWDOWN_MS,
  });
  const auth = new AuthService(authRepository, usersRepository, new AccessTokens(secret, config.ACCESS_TOKEN_TTL_SECONDS), throttle, {
    refreshTokenTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
  });
  await auth.registerClient(config.WEB_CLIENT_ID, config.WEB_CLIENT_SECRET, 'Gearwatch web client');
  const mailer = createMailer(config);
  return {
    auth,
    users: new UsersService(usersRepository),
    settings: new UserSettingsService(new UserSettingsRepository(db)),
    devices: new DevicesService(new DevicesRepository(db)),
    impersonation: new ImpersonationService(new ImpersonationRepository(db), usersRepository, auth),
    support: new SupportService(new SupportRepository(db), usersRepository, mailer, { supportEmail: config.SUPPORT_EMAIL }),
    passwordLinks: new PasswordLinksService(new PasswordLinksRepository(db), usersRepository, mailer, {
      publicUrl: config.PUBLIC_URL,
      resetTtlMinutes: config.RESET_TOKEN_TTL_MINUTES,
      welcomeTtlHours: config.WELCOME_TOKEN_TTL_HOURS,
    }),
  };
}
