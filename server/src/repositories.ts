import type { Kysely } from 'kysely';
import type { DB } from './db/schema.ts';
import { AlertHistoryRepository, EngineAlertsRepository } from './alert-engine/engine-alerts-repository.ts';
import { AlertDataRepository } from './alert-engine/data-repository.ts';
import { EngineRulesRepository } from './alert-engine/engine-rules-repository.ts';
import { AlertChangeRepository } from './push/changes/alert-change-repository.ts';
import { AlertEventsRepository } from './push/changes/alert-events-repository.ts';
import { DeviceStatusEventsRepository } from './push/changes/device-status-repository.ts';
import { StreamRepository } from './push/streams/stream-repository.ts';
import { AlertConditionsRepository } from './alerts/conditions-repository.ts';
import { AlertRulesRepository } from './alerts/rules-repository.ts';
import { AlertsRepository } from './alerts/alerts-repository.ts';
import { AuthRepository } from './auth/repository.ts';
import { CompaniesRepository } from './companies/repository.ts';
import { DeviceGroupsRepository } from './device-groups/repository.ts';
import { DeviceHistoryRepository } from './device-history/repository.ts';
import { DeviceStatusRepository } from './device-status/repository.ts';
import { DeviceTypesRepository } from './device-types/repository.ts';
import { ParametersRepository } from './device-types/parameters-repository.ts';
import { DeviceFormRepository } from './devices/device-form-repository.ts';
import { DevicesRepository } from './devices/repository.ts';
import { ImpersonationRepository } from './impersonation/repository.ts';
import { JobRepository } from './jobs/job-repository.ts';
import { OutboxRepository } from './mail/outbox-repository.ts';
import { UnsubscribeRepository } from './mail/unsubscribe-repository.ts';
import { NotificationsRepository } from './notifications/repository.ts';
import { OperatorGroupsRepository } from './operator-groups/repository.ts';
import { OperatorsRepository } from './operators/repository.ts';
import { ProductionShiftsRepository } from './production-shifts/repository.ts';
import { ProfileRepository } from './profile/repository.ts';
import { ConfigurationsRepository } from './reports/configurations/configurations-repository.ts';
import { FilesRepository } from './reports/delivery/files-repository.ts';
import { GenerationRepository } from './reports/generation/generation-repository.ts';
import { PeriodsRepository } from './reports/schedule/periods-repository.ts';
import { ReportMailRepository } from './reports/delivery/report-mail-repository.ts';
import { PasswordLinksRepository } from './resetting/repository.ts';
import { BucketRepository } from './rollups/bucket-repository.ts';
import { LatestReadingsRepository } from './rollups/latest-repository.ts';
import { SessionRollupsRepository } from './rollups/session-rollups-repository.ts';
import { SensorsRepository } from './sensors/repository.ts';
import { UnknownModulesRepository } from './sensors/unknown-modules-repository.ts';
import { UserSettingsRepository } from './settings/repository.ts';
import { SubscribersRepository } from './subscribers/repository.ts';
import { SupportRepository } from './support/repository.ts';
import { TaskRemindersRepository } from './tasks/reminders-repository.ts';
import { TasksRepository } from './tasks/repository.ts';
import { UserAdminRepository } from './users/admin/repository.ts';
import { UserDirectoryRepository } from './users/directory/repository.ts';
import { UsersRepository } from './users/repository.ts';

/** Every repository by name: what routes' services, workers and listeners are given (issue 34 item 2). */
const REPOSITORIES = {
  alertChanges: AlertChangeRepository,
  alertConditions: AlertConditionsRepository,
  alertData: AlertDataRepository,
  alertEngine: EngineAlertsRepository,
  alertEngineRules: EngineRulesRepository,
  alertHistory: AlertHistoryRepository,
  alertRules: AlertRulesRepository,
  alertEvents: AlertEventsRepository,
  alerts: AlertsRepository,
  auth: AuthRepository,
  companies: CompaniesRepository,
  deviceForm: DeviceFormRepository,
  deviceGroups: DeviceGroupsRepository,
  deviceHistory: DeviceHistoryRepository,
  devices: DevicesRepository,
  deviceStatus: DeviceStatusRepository,
  deviceStatusEvents: DeviceStatusEventsRepository,
  deviceTypes: DeviceTypesRepository,
  impersonation: ImpersonationRepository,
  // The server's job kinds (jobs/kinds.ts), which InstanceType cannot see through the class's type parameter.
  jobs: JobRepository as new (db: Kysely<DB>) => JobRepository,
  latestReadings: LatestReadingsRepository,
  mailOutbox: OutboxRepository,
  notifications: NotificationsRepository,
  operatorGroups: OperatorGroupsRepository,
  operators: OperatorsRepository,
  parameters: ParametersRepository,
  passwordLinks: PasswordLinksRepository,
  productionShifts: ProductionShiftsRepository,
  profile: ProfileRepository,
  reportConfigurations: ConfigurationsRepository,
  reportFiles: FilesRepository,
  reportGeneration: GenerationRepository,
  reportMail: ReportMailRepository,
  reportPeriods: PeriodsRepository,
  rollupBuckets: BucketRepository,
  sensors: SensorsRepository,
  sessionRollups: SessionRollupsRepository,
  settings: UserSettingsRepository,
  streams: StreamRepository,
  subscribers: SubscribersRepository,
  support: SupportRepository,
  taskReminders: TaskRemindersRepository,
  tasks: TasksRepository,
  unknownModules: UnknownModulesRepository,
  unsubscribe: UnsubscribeRepository,
  userAdmin: UserAdminRepository,
  userDirectory: UserDirectoryRepository,
  users: UsersRepository,
} satisfies Record<string, new (db: Kysely<DB>) => object>;

export type Repositories = { readonly [Name in keyof typeof REPOSITORIES]: InstanceType<(typeof REPOSITORIES)[Name]> };

/**
 * The repositories over `db` (the pool, or a transaction a worker opened), each made when first asked for and then
 * kept: a worker's transaction makes only the few it uses.
 */
export function createRepositories(db: Kysely<DB>): Repositories {
  const repositories = {} as Record<keyof typeof REPOSITORIES, object>;
  for (const [name, Repository] of Object.entries(REPOSITORIES) as [keyof typeof REPOSITORIES, new (db: Kysely<DB>) => object][]) {
    let made: object | undefined;
    Object.defineProperty(repositories, name, { enumerable: true, get: () => (made ??= new Repository(db)) });
  }
  return repositories as Repositories;
}
