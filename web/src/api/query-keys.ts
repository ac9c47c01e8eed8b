/** Every query key of the client in one place, so invalidation never misses a spelling. */
export const queryKeys = {
  config: ['config'] as const,
  currentUser: ['users', 'current'] as const,
  settings: ['users', 'current', 'settings'] as const,
  /** The profile settings dialog's data (names, avatar, notification preferences). */
  profile: ['users', 'current', 'profile'] as const,
  devices: ['devices'] as const,
  impersonationUsers: (search: string) => ['impersonate', 'users', search] as const,
  deviceGroups: ['devicegroups'] as const,
  deviceTypes: (context: string) => ['devicetypes', context] as const,
  deviceOperators: ['deviceoperators'] as const,
  deviceOperatorGroups: ['deviceoperatorgroups'] as const,
  /** The company's active users (pickers of alert and report recipients). */
  activeUsers: ['users', 'options'] as const,
  productionShifts: ['user', 'production_shifts'] as const,
  /** A monitor's data: the monitor kind, then every request parameter (so equal requests share one entry). */
  monitorData: (kind: string, request: Record<string, unknown>) => ['monitors', kind, request] as const,
  /**
   * The notification centre and an alert's deliveries: the event stream invalidates the whole prefix
   * (`notifications.all`) when a notification arrives or is read elsewhere.
   */
  notifications: {
    all: ['notifications'] as const,
    unread: ['notifications', 'unread'] as const,
    list: ['notifications', 'list'] as const,
    deliveries: (alertId: number) => ['notifications', 'deliveries', alertId] as const,
  },
  /** The super-admin's announcements (administration). */
  announcements: ['announcements'] as const,
};
