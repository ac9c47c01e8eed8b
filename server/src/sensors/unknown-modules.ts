import { UNKNOWN_MODULES_LISTED } from '@gearwatch/contracts';
import type { ModuleProtocol, UnknownModule } from '@gearwatch/contracts';
import { requireSuperAdmin } from '../http/auth-hook.ts';
import { NotFoundError } from '../http/errors.ts';
import type { AuthContext } from '../security/context.ts';
import type { UnknownModulesRepository } from './unknown-modules-repository.ts';

/** Longest address text kept (an IPv6 address with a zone fits). */
const MAX_ADDRESS_CHARS = 64;

/**
 * Devices that tried to connect with a serial number no active module of their protocol has: a protocol listener
 * records each refused handshake, super-admins see them on the sensors screen and register or dismiss them.
 */
export class UnknownModulesService {
  constructor(
    private readonly repository: UnknownModulesRepository,
    private readonly now: () => number = Date.now,
  ) {}

  /** Called by a listener for a refused device; the caller's connection is closed whatever happens here. */
  record(protocol: ModuleProtocol, serialNumber: string, address: string | null): Promise<void> {
    return this.repository.record(protocol, serialNumber, address?.slice(0, MAX_ADDRESS_CHARS) ?? null, new Date(this.now()));
  }

  async list(auth: AuthContext): Promise<UnknownModule[]> {
    requireSuperAdmin(auth);
    const rows = await this.repository.list(UNKNOWN_MODULES_LISTED);
    return rows.map((row) => ({
      protocol: row.protocol,
      serialNumber: row.serialNumber,
      firstSeen: new Date(row.firstSeenAt).toISOString(),
      lastSeen: new Date(row.lastSeenAt).toISOString(),
      address: row.lastAddress,
      attempts: row.attempts,
    }));
  }

  async dismiss(auth: AuthContext, protocol: ModuleProtocol, serialNumber: string): Promise<void> {
    requireSuperAdmin(auth);
    if (!(await this.repository.dismiss(protocol, serialNumber))) throw new NotFoundError();
  }
}
