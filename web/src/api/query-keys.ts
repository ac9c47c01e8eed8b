/** Every query key of the client in one place, so invalidation never misses a spelling. */
export const queryKeys = {
  config: ['config'] as const,
  currentUser: ['users', 'current'] as const,
  settings: ['users', 'current', 'settings'] as const,
  devices: ['devices'] as const,
  impersonationUsers: (search: string) => ['impersonate', 'users', search] as const,
};
