import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { FormTokens } from './forms/token.ts';
import { DeviceForm } from './devices/device-form.ts';
import { DeviceStatusService } from './device-status/service.ts';
import { DeviceSummariesRepository } from './summaries/devices/repository.ts';
import { DeviceSummariesService } from './summaries/devices/service.ts';
import { DeviceHistoryService } from './device-history/service.ts';
import type { Config } from './config.ts';
import type { DB } from './db/schema.ts';
import { createRepositories } from './repositories.ts';
import { AuthService } from './auth/service.ts';
import { AttemptThrottle } from './auth/throttle.ts';
import { AccessTokens } from './security/tokens.ts';
import { UsersService } from './users/service.ts';
import { UserSettingsService } from './settings/service.ts';
import { DevicesService } from './devices/service.ts';
import { ImpersonationService } from './impersonation/service.ts';
import { createMailer } from './mail/mailer.ts';
import { AlertChangeFeed } from './push/changes/alert-change-feed.ts';
import { EventHub } from './push/streams/hub.ts';
import { StreamLimits } from './push/streams/stream-limits.ts';
import { scheduleEventPruning } from './push/streams/prune.ts';
import { AlertEventsListener } from './push/changes/alert-events.ts';
import { presentTotal } from './alerts/stats.ts';
import { DeviceStatusEvents } from './push/changes/device-status-events.ts';
import { UnsubscribeLinks } from './mail/unsubscribe.ts';
import { setTextBrand } from './i18n/translator.ts';
import { MailSender } from './mail/sender.ts';
import { UnsubscribeService } from './mail/unsubscribe-service.ts';
import { PasswordLinksService } from './resetting/service.ts';
import { SupportRepository } from './support/repository.ts';
import { SupportService } from './support/service.ts';
import { createIngestService } from './telemetry/ingest-service.ts';
import { DiagnosticsRepository } from './diagnostics/repository.ts';
import { RollupRepository } from './rollups/repository.ts';
import { WorkRollupRepository } from './rollups/work-repository.ts';
import { LineSumsRepository } from './rollups/line-sums-repository.ts';
import { DiagnosticsService } from './diagnostics/service.ts';
import { FactoryReportService } from './diagnostics/factory-report.ts';
import { OperatorActivityRepository } from './rollups/operator-repository.ts';
import { OperatorDiagnosticsService } from './diagnostics/operator-service.ts';
import { RawTelemetryRepository } from './diagnostics/raw-repository.ts';
import { WorkSummariesRepository } from './summaries/work/repository.ts';
import { WorkSummariesService } from './summaries/work/service.ts';
import { DeviceGroupsService } from './device-groups/service.ts';
import { DeviceTypesService } from './device-types/service.ts';
import { ParametersService } from './device-types/parameters-service.ts';
import { UserAdminService } from './users/admin/service.ts';
import { OperatorsService } from './operators/service.ts';
import { TasksService } from './tasks/service.ts';
import { scheduleTaskReminders } from './tasks/reminders.ts';
import { OperatorGroupsService } from './operator-groups/service.ts';
import { UserDirectoryService } from './users/directory/service.ts';
import { ProductionShiftsService } from './production-shifts/service.ts';
import { SensorsService } from './sensors/service.ts';
import { checkNodes } from './telemetry/protocols/opcua/node-check.ts';
import { OpcuaPki } from './telemetry/protocols/opcua/pki.ts';
import { SecretBox } from './telemetry/protocols/opcua/secret-box.ts';
import { OpcuaMachineService } from './sensors/opcua-machine-service.ts';
import { UnknownModulesService } from './sensors/unknown-modules.ts';
import { CompaniesService } from './companies/service.ts';
import { SubscribersService } from './subscribers/service.ts';
import { Metrics } from './metrics/metrics.ts';
import { AlertRulesService } from './alerts/rules-service.ts';
import { AlertRuleForm } from './alerts/rule-form.ts';
import { AlertConditionsService } from './alerts/conditions-service.ts';
import { AlertsService } from './alerts/alerts-service.ts';
import { JobRunner } from './jobs/runner.ts';
import { AlertEngine } from './alert-engine/engine.ts';
import { AlertPreviewService } from './alert-engine/preview.ts';
import { viewerOf } from './alerts/visibility.ts';
import { AlertNotifier } from './notifications/alert-notifier.ts';
import { NotificationsService } from './notifications/service.ts';
import { ProfileService } from './profile/service.ts';
import { ReportDataService } from './reports/screens/data-service.ts';
import { REPORT_BUILDERS } from './reports/builders/registry.ts';
import { ConfigurationsService } from './reports/configurations/configurations-service.ts';
import { FilesService } from './reports/delivery/files-service.ts';
import { ReportFileLinks } from './reports/delivery/file-links.ts';
import type { BuilderLookup, WriterFactory } from './reports/generation/generator.ts';
import { ReportGenerator } from './reports/generation/generator.ts';
import { scheduleReports } from './reports/schedule/cyclic.ts';
import { createReportFileWriter } from './reports/writers/index.ts';
import { ReportMail } from './reports/delivery/report-mail.ts';
import { ProductionViewsRepository } from './production-views/views-repository.ts';
import { ProductionViewsService } from './production-views/views-service.ts';
import { DisplayLinksRepository } from './production-views/display-links-repository.ts';
import { DisplayLinksService } from './production-views/display-links-service.ts';
import { LiveViewsRepository } from './production-views/live/live-repository.ts';
import { ProductionLiveService } from './production-views/live/live-service.ts';
import { ReadingsBell } from './push/screens/readings-bell.ts';
import { ProductionScreens } from './push/screens/screens.ts';

export interface ServiceOptions {
  /** The metrics registry; tests pass one without process metrics. */
  metrics?: Metrics;
  /** The report builders by type (tests pass fakes); REPORT_BUILDERS of reports/builders/registry.ts otherwise. */
  reportBuilders?: BuilderLookup;
  /** The report file writers (tests pass a fake); writers/index.ts otherwise. */
  reportWriters?: WriterFactory;
  /**
   * "Now" (epoch ms) of the figures that read today, this week and this month (groups' today, operators' work-time
   * windows, the dashboard summaries); tests fix it to a date of their data. Date.now otherwise.
   */
  now?: () => number;
  /** The OPC UA client's certificate store; tests give one in a temporary folder. DATA_DIR's otherwise. */
  opcuaPki?: OpcuaPki;
}

const REPORT_BUILDER_OF: BuilderLookup = (type) => REPORT_BUILDERS[type];

/** Wires repositories into services; the one place that knows how the pieces fit. */
/** What the app and its routes get: inferred from createServices, so a service is added or changed in one place. */
export type Services = Awaited<ReturnType<typeof createServices>>;

export async function createServices(db: Kysely<DB>, config: Config, options: ServiceOptions = {}) {
  const metrics = options.metrics ?? new Metrics({ defaultMetrics: false });
  // Routes' services, workers and listeners all get their repositories from this one factory.
  const repositories = createRepositories(db);
  const authRepository = repositories.auth;
  const usersRepository = repositories.users;
  // Without a configured secret, one random secret is created once and shared through the database, so every
  // instance accepts every other instance's tokens and restarts keep sessions.
  const secret = config.JWT_SECRET ?? (await authRepository.getOrCreateSecret('jwt', () => randomBytes(48).toString('base64url')));
  // OPC UA modules' passwords: sealed with the configured key, or with the instance's own secret kept in the database.
  const opcuaSecrets = new SecretBox(config.OPCUA_SECRET_KEY ?? (await authRepository.getOrCreateSecret('opcua', () => randomBytes(32).toString('base64url'))));
  const opcuaPki = options.opcuaPki ?? new OpcuaPki(config.DATA_DIR);
  const throttleSettings = {
    slowdownAfter: config.LOGIN_SLOWDOWN_AFTER,
    lockAfter: config.LOGIN_LOCK_AFTER,
    windowSeconds: config.LOGIN_WINDOW_SECONDS,
    lockSeconds: config.LOGIN_LOCK_SECONDS,
    slowdownMs: config.LOGIN_SLOWDOWN_MS,
  };
  const throttle = new AttemptThrottle(authRepository, throttleSettings, 'sign-in');
  const auth = new AuthService(authRepository, usersRepository, new AccessTokens(secret, config.ACCESS_TOKEN_TTL_SECONDS), throttle, {
    refreshTokenTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
  });
  await auth.registerClient(config.WEB_CLIENT_ID, config.WEB_CLIENT_SECRET, 'Gearwatch web client');
  const mailer = createMailer(config);
  const rollups = new RollupRepository(db);
  const latestReadings = repositories.latestReadings;
  const clock = options.now ?? Date.now;
  const operators = new OperatorsService(repositories.operators, repositories.sessionRollups, clock);
  const diagnostics = new DiagnosticsService(rollups, new RawTelemetryRepository(db));
  const passwordLinks = new PasswordLinksService(repositories.passwordLinks, usersRepository, {
    publicUrl: config.PUBLIC_URL,
    resetTtlMinutes: config.RESET_TOKEN_TTL_MINUTES,
    welcomeTtlHours: config.WELCOME_TOKEN_TTL_HOURS,
  });
  const parametersRepository = repositories.parameters;
  const formTokens = new FormTokens(secret);
  const alertRulesRepository = repositories.alertRules;
  const alertsRepository = repositories.alerts;
  const jobs = new JobRunner(db, { observer: metrics.jobObserver() });
  const alertEngine = new AlertEngine(db, createRepositories);
  alertEngine.register(jobs);
  // Every alert change reaches its listeners (notifications, the event stream) once, after the engine's writes.
  const alertChanges = new AlertChangeFeed(db, createRepositories);
  const unsubscribeLinks = new UnsubscribeLinks(secret, config.PUBLIC_URL);
  jobs.addSource({ name: 'alert-changes', drain: () => alertChanges.drain() });
  // Batches are sent in the background of the runner's turns, so a stuck SMTP server never delays the alert engine.
  setTextBrand(config.BRAND);
  const mail = new MailSender(db, createRepositories, mailer, {
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    messageIdDomain: /@([^<>@\s]+)>?$/.exec(config.MAIL_FROM)?.[1],
    brand: config.BRAND,
    background: true,
    wake: () => jobs.wake(),
  });
  jobs.addSource(mail);
  const supportRepository = repositories.support;
  mail.onOutcome('support', (trx, outcome) => SupportRepository.recordDelivery(trx, outcome));
  alertChanges.listen(new AlertNotifier({ repositories: createRepositories, publicUrl: config.PUBLIC_URL, unsubscribeLinks }));
  const notifications = new NotificationsService(repositories.notifications, {
    unsubscribeLinks,
    seesAlert: async (auth, alertId) => (await alertsRepository.visibleIds(viewerOf(auth), [alertId])).length > 0,
  });
  // The stream's `alarm-total` is the total `GET /api/alarms/total` answers: the alerts feature presents both.
  alertChanges.listen(new AlertEventsListener(presentTotal, createRepositories));
  scheduleEventPruning(jobs, createRepositories);
  // Devices going online or offline, starting or stopping work (docs/events.md): ingest tells a batch's change, this job the time's.
  const deviceStatusEvents = new DeviceStatusEvents(createRepositories);
  deviceStatusEvents.scheduleExpiry(jobs);
  // Task reminders (issue 20): notifications and mail at a task's reminder date and overdue deadline.
  scheduleTaskReminders(jobs, { repositories: createRepositories, publicUrl: config.PUBLIC_URL, unsubscribeLinks });
  const events = new EventHub(repositories.streams);
  const streamLimits = new StreamLimits({
    perUser: config.EVENT_STREAMS_PER_USER,
    perDisplayLink: config.DISPLAY_STREAMS_PER_LINK,
    perDisplayAddress: config.DISPLAY_STREAMS_PER_ADDRESS,
  });
  // Reports (docs/reports.md): files are made in the background of the runner's turns, periods on its schedule.
  const reportGenerator = new ReportGenerator(db, createRepositories, {
    builders: options.reportBuilders ?? REPORT_BUILDER_OF,
    writers: options.reportWriters ?? createReportFileWriter,
    retentionDays: config.REPORT_FILES_RETENTION_DAYS,
    background: true,
    wake: () => jobs.wake(),
  });
  jobs.addSource(reportGenerator);
  scheduleReports(jobs, { retentionDays: config.REPORT_FILES_RETENTION_DAYS, repositories: createRepositories });
  const reportFileLinks = new ReportFileLinks(secret, config.PUBLIC_URL);
  const reportMail = new ReportMail({
    repositories: createRepositories,
    publicUrl: config.PUBLIC_URL,
    attachmentMaxBytes: config.REPORT_MAIL_ATTACHMENT_MAX_BYTES,
    unsubscribeLinks,
    fileLinks: reportFileLinks,
  });
  reportMail.attachTo(mail, db);
  reportGenerator.onDone(reportMail.onDone);
  metrics.observeEventStreams(() => events.size);
  const productionLive = new ProductionLiveService(new LiveViewsRepository(db), new LineSumsRepository(db));
  const productionScreens = new ProductionScreens(productionLive, events);
  const readingsBell = new ReadingsBell(db);
  return {
    productionLive,
    productionScreens,
    readingsBell,
    reportGenerator,
    reportConfigurations: new ConfigurationsService(repositories.reportConfigurations, {
      retentionDays: config.REPORT_FILES_RETENTION_DAYS,
      fileCreated: () => jobs.wake(),
    }),
    reportFiles: new FilesService(repositories.reportFiles, reportFileLinks, { retried: () => jobs.wake() }),
    events,
    streamLimits,
    jobs,
    alertEngine,
    alertChanges,
    unsubscribeLinks,
    mail,
    unsubscribe: new UnsubscribeService(repositories.unsubscribe, unsubscribeLinks),
    alertPreview: new AlertPreviewService(repositories.alertEngineRules, repositories.alertData),
    notifications,
    formTokens,
    auth,
    users: new UsersService(usersRepository),
    settings: new UserSettingsService(repositories.settings),
    devices: new DevicesService(repositories.devices),
    deviceForm: new DeviceForm(repositories.deviceForm),
    deviceStatus: new DeviceStatusService(repositories.deviceStatus, latestReadings),
    deviceSummaries: new DeviceSummariesService(new DeviceSummariesRepository(db), new WorkRollupRepository(db), alertsRepository, latestReadings, clock),
    deviceHistory: new DeviceHistoryService(
      repositories.deviceHistory,
      { devices: rollups, latest: latestReadings, buckets: repositories.rollupBuckets, sessions: repositories.sessionRollups },
      clock,
    ),
    impersonation: new ImpersonationService(repositories.impersonation, usersRepository, auth),
    support: new SupportService(supportRepository, usersRepository, { supportEmail: config.SUPPORT_EMAIL, mailConfigured: mailer.configured }),
    passwordLinks,
    // A committed batch wakes the runner, so the alert engine evaluates it at once, and rings the readings bell, so
    // the live screens showing the device update (after the commit, never inside the batch's transaction).
    ingest: createIngestService(db, {
      observer: metrics.ingestObserver(),
      statusChanged: (trx, change) => deviceStatusEvents.append(trx, [change]),
      afterCommit: (module) => {
        jobs.wake();
        if (module.deviceId !== null) readingsBell.ring(module.deviceId);
      },
    }),
    diagnostics,
    operatorDiagnostics: new OperatorDiagnosticsService(new OperatorActivityRepository(db)),
    factoryReports: new FactoryReportService(rollups, new DiagnosticsRepository(db)),
    workSummaries: new WorkSummariesService(new WorkSummariesRepository(db), rollups, new OperatorActivityRepository(db), clock),
    deviceGroups: new DeviceGroupsService(repositories.deviceGroups, latestReadings, clock),
    operators,
    tasks: new TasksService(repositories.tasks),
    operatorGroups: new OperatorGroupsService(repositories.operatorGroups, operators),
    deviceTypes: new DeviceTypesService(repositories.deviceTypes, parametersRepository),
    parameters: new ParametersService(parametersRepository),
    userDirectory: new UserDirectoryService(repositories.userDirectory),
    userAdmin: new UserAdminService(repositories.userAdmin, passwordLinks),
    productionShifts: new ProductionShiftsService(repositories.productionShifts),
    sensors: new SensorsService(repositories.sensors, undefined, {
      secrets: opcuaSecrets,
      checkNodes: (settings, mapping) => checkNodes(settings, mapping, opcuaPki),
    }),
    opcuaSecrets,
    opcuaPki,
    opcuaMachines: new OpcuaMachineService(repositories.sensors.opcua, opcuaSecrets, opcuaPki),
    unknownModules: new UnknownModulesService(repositories.unknownModules, clock),
    companies: new CompaniesService(repositories.companies),
    subscribers: new SubscribersService(repositories.subscribers),
    alertRules: new AlertRulesService(alertRulesRepository, alertsRepository),
    alertRuleForm: new AlertRuleForm(alertRulesRepository),
    alertConditions: new AlertConditionsService(alertRulesRepository, repositories.alertConditions, formTokens),
    alerts: new AlertsService(alertsRepository),
    metrics,
    moduleThrottle: new AttemptThrottle(authRepository, throttleSettings, 'module'),
    // Wrong current passwords are throttled on the form's own counters, apart from sign-in's (decision 011).
    profile: new ProfileService(repositories.profile, new AttemptThrottle(authRepository, throttleSettings, 'password-change'), {
      publicUrl: config.PUBLIC_URL,
    }),
    reportData: new ReportDataService(db),
    // An edit, a deletion or a revocation reaches the open screens of every instance at once (in its transaction).
    productionViews: new ProductionViewsService(new ProductionViewsRepository(db), (trx, change) => productionScreens.viewChanged(trx, change)),
    displayLinks: new DisplayLinksService(new DisplayLinksRepository(db), (trx, change) => productionScreens.viewChanged(trx, change)),
  };
}
