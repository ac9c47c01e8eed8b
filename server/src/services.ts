import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { FormTokens } from './forms/token.ts';
import { DeviceForm } from './devices/form.ts';
import { DeviceFormRepository } from './devices/form-repository.ts';
import { DeviceStatusRepository } from './device-status/repository.ts';
import { DeviceStatusService } from './device-status/service.ts';
import { DeviceSummariesRepository } from './summaries/devices/repository.ts';
import { DeviceSummariesService } from './summaries/devices/service.ts';
import { DeviceHistoryRepository } from './device-history/repository.ts';
import { DeviceHistoryService } from './device-history/service.ts';
import type { Config } from './config.ts';
import type { DB } from './db/schema.ts';
import { AuthRepository } from './auth/repository.ts';
import { AuthService } from './auth/service.ts';
import { AttemptThrottle } from './auth/throttle.ts';
import { AccessTokens } from './security/tokens.ts';
import { UsersRepository } from './users/repository.ts';
import { UsersService } from './users/service.ts';
import { UserSettingsRepository } from './settings/repository.ts';
import { UserSettingsService } from './settings/service.ts';
import { DevicesRepository } from './devices/repository.ts';
import { DevicesService } from './devices/service.ts';
import { ImpersonationRepository } from './impersonation/repository.ts';
import { ImpersonationService } from './impersonation/service.ts';
import { createMailer } from './mail/mailer.ts';
import { AlertChangeFeed } from './events/alert-change-feed.ts';
import { EventHub } from './events/hub.ts';
import { StreamLimits } from './events/stream-limits.ts';
import { scheduleEventPruning } from './events/prune.ts';
import { StreamRepository } from './events/stream-repository.ts';
import { AlertEventsListener } from './live/alert-events.ts';
import { appendDeviceStatusEvents, scheduleDeviceStatusExpiry } from './live/device-status-events.ts';
import { UnsubscribeLinks } from './mail/unsubscribe.ts';
import { setTextBrand } from './i18n/translator.ts';
import { MailSender } from './mail/sender.ts';
import { UnsubscribeRepository } from './mail/unsubscribe-repository.ts';
import { UnsubscribeService } from './mail/unsubscribe-service.ts';
import { PasswordLinksRepository } from './resetting/repository.ts';
import { PasswordLinksService } from './resetting/service.ts';
import { SupportRepository } from './support/repository.ts';
import { SupportService } from './support/service.ts';
import { createIngestService } from './telemetry/ingest-service.ts';
import { DiagnosticsRepository } from './diagnostics/repository.ts';
import { DiagnosticsService } from './diagnostics/service.ts';
import { FactoryReportService } from './diagnostics/factory-report.ts';
import { OperatorActivityRepository } from './diagnostics/operator-repository.ts';
import { OperatorDiagnosticsService } from './diagnostics/operator-service.ts';
import { RawTelemetryRepository } from './diagnostics/raw-repository.ts';
import { WorkSummariesRepository } from './summaries/work/repository.ts';
import { WorkSummariesService } from './summaries/work/service.ts';
import { DeviceGroupsRepository } from './device-groups/repository.ts';
import { DeviceGroupsService } from './device-groups/service.ts';
import { DeviceTypesRepository } from './device-types/repository.ts';
import { DeviceTypesService } from './device-types/service.ts';
import { ParametersRepository } from './device-types/parameters-repository.ts';
import { ParametersService } from './device-types/parameters-service.ts';
import { UserAdminRepository } from './users/admin-repository.ts';
import { UserAdminService } from './users/admin-service.ts';
import { OperatorsRepository } from './operators/repository.ts';
import { OperatorsService } from './operators/service.ts';
import { TasksRepository } from './tasks/repository.ts';
import { TasksService } from './tasks/service.ts';
import { scheduleTaskReminders } from './tasks/reminders.ts';
import { OperatorGroupsRepository } from './operator-groups/repository.ts';
import { OperatorGroupsService } from './operator-groups/service.ts';
import { UserDirectoryRepository } from './users/directory-repository.ts';
import { UserDirectoryService } from './users/directory-service.ts';
import { ProductionShiftsRepository } from './production-shifts/repository.ts';
import { ProductionShiftsService } from './production-shifts/service.ts';
import { SensorsRepository } from './sensors/repository.ts';
import { SensorsService } from './sensors/service.ts';
import { UnknownModulesRepository } from './sensors/unknown-modules-repository.ts';
import { UnknownModulesService } from './sensors/unknown-modules.ts';
import { CompaniesRepository } from './companies/repository.ts';
import { CompaniesService } from './companies/service.ts';
import { SubscribersRepository } from './subscribers/repository.ts';
import { SubscribersService } from './subscribers/service.ts';
import { Metrics } from './metrics/metrics.ts';
import { AlertRulesRepository } from './alerts/rules-repository.ts';
import { AlertRulesService } from './alerts/rules-service.ts';
import { AlertRuleForm } from './alerts/rule-form.ts';
import { AlertConditionsRepository } from './alerts/conditions-repository.ts';
import { AlertConditionsService } from './alerts/conditions-service.ts';
import { AlertsRepository } from './alerts/alerts-repository.ts';
import { AlertsService } from './alerts/alerts-service.ts';
import { JobRunner } from './jobs/runner.ts';
import { AlertEngine } from './alert-engine/engine.ts';
import { AlertPreviewService } from './alert-engine/preview.ts';
import { viewerOf } from './alerts/visibility.ts';
import { AlertNotifier } from './notifications/alert-notifier.ts';
import { NotificationsRepository } from './notifications/repository.ts';
import { NotificationsService } from './notifications/service.ts';
import { ProfileRepository } from './profile/repository.ts';
import { ProfileService } from './profile/service.ts';
import { ReportDataService } from './reports/data-service.ts';
import { REPORT_BUILDERS } from './reports/builders/registry.ts';
import { ConfigurationsRepository } from './reports/configurations-repository.ts';
import { ConfigurationsService } from './reports/configurations-service.ts';
import { FilesRepository } from './reports/files-repository.ts';
import { FilesService } from './reports/files-service.ts';
import { ReportFileLinks } from './reports/file-links.ts';
import type { BuilderLookup, WriterFactory } from './reports/generator.ts';
import { ReportGenerator } from './reports/generator.ts';
import { scheduleReports } from './reports/cyclic.ts';
import { createReportFileWriter } from './reports/writers/index.ts';
import { ReportMail } from './reports/report-mail.ts';
import { ProductionViewsRepository } from './production-views/views-repository.ts';
import { ProductionViewsService } from './production-views/views-service.ts';
import { DisplayLinksRepository } from './production-views/display-links-repository.ts';
import { DisplayLinksService } from './production-views/display-links-service.ts';
import { LiveViewsRepository } from './production-views/live/live-repository.ts';
import { ProductionLiveService } from './production-views/live/live-service.ts';
import { ReadingsBell } from './production-views/live/readings-bell.ts';
import { ProductionScreens } from './production-views/live/screens.ts';

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
}

const REPORT_BUILDER_OF: BuilderLookup = (type) => REPORT_BUILDERS[type];

/** What the app and its routes get: inferred from createServices, so a service is added or changed in one place. */
export type Services = Awaited<ReturnType<typeof createServices>>;

/** Wires repositories into services; the one place that knows how the pieces fit. */
export async function createServices(db: Kysely<DB>, config: Config, options: ServiceOptions = {}) {
  const metrics = options.metrics ?? new Metrics({ defaultMetrics: false });
  const authRepository = new AuthRepository(db);
  const usersRepository = new UsersRepository(db);
  // Without a configured secret, one random secret is created once and shared through the database, so every
  // instance accepts every other instance's tokens and restarts keep sessions.
  const secret = config.JWT_SECRET ?? (await authRepository.getOrCreateSecret('jwt', () => randomBytes(48).toString('base64url')));
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
  const diagnosticsRepository = new DiagnosticsRepository(db);
  const clock = options.now ?? Date.now;
  const operators = new OperatorsService(new OperatorsRepository(db), clock);
  const diagnostics = new DiagnosticsService(diagnosticsRepository, new RawTelemetryRepository(db));
  const passwordLinks = new PasswordLinksService(new PasswordLinksRepository(db), usersRepository, {
    publicUrl: config.PUBLIC_URL,
    resetTtlMinutes: config.RESET_TOKEN_TTL_MINUTES,
    welcomeTtlHours: config.WELCOME_TOKEN_TTL_HOURS,
  });
  const parametersRepository = new ParametersRepository(db);
  const formTokens = new FormTokens(secret);
  const alertRulesRepository = new AlertRulesRepository(db);
  const alertsRepository = new AlertsRepository(db);
  const jobs = new JobRunner(db, { observer: metrics.jobObserver() });
  const alertEngine = new AlertEngine(db);
  alertEngine.register(jobs);
  // Every alert change reaches its listeners (notifications, the event stream) once, after the engine's writes.
  const alertChanges = new AlertChangeFeed(db);
  const unsubscribeLinks = new UnsubscribeLinks(secret, config.PUBLIC_URL);
  jobs.addSource({ name: 'alert-changes', drain: () => alertChanges.drain() });
  // Batches are sent in the background of the runner's turns, so a stuck SMTP server never delays the alert engine.
  setTextBrand(config.BRAND);
  const mail = new MailSender(db, mailer, {
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    messageIdDomain: /@([^<>@\s]+)>?$/.exec(config.MAIL_FROM)?.[1],
    brand: config.BRAND,
    background: true,
    wake: () => jobs.wake(),
  });
  jobs.addSource(mail);
  const supportRepository = new SupportRepository(db);
  mail.onOutcome('support', (trx, outcome) => SupportRepository.recordDelivery(trx, outcome));
  alertChanges.listen(new AlertNotifier({ publicUrl: config.PUBLIC_URL, unsubscribeLinks }));
  const notifications = new NotificationsService(new NotificationsRepository(db), {
    unsubscribeLinks,
    seesAlert: async (auth, alertId) => (await alertsRepository.visibleIds(viewerOf(auth), [alertId])).length > 0,
  });
  alertChanges.listen(new AlertEventsListener());
  scheduleEventPruning(jobs);
  // Devices going online or offline, starting or stopping work (docs/events.md): ingest tells a batch's change, this job the time's.
  scheduleDeviceStatusExpiry(jobs);
  // Task reminders (issue 20): notifications and mail at a task's reminder date and overdue deadline.
  scheduleTaskReminders(jobs, { publicUrl: config.PUBLIC_URL, unsubscribeLinks });
  const events = new EventHub(new StreamRepository(db));
  const streamLimits = new StreamLimits({
    perUser: config.EVENT_STREAMS_PER_USER,
    perDisplayLink: config.DISPLAY_STREAMS_PER_LINK,
    perDisplayAddress: config.DISPLAY_STREAMS_PER_ADDRESS,
  });
  // Reports (docs/reports.md): files are made in the background of the runner's turns, periods on its schedule.
  const reportGenerator = new ReportGenerator(db, {
    builders: options.reportBuilders ?? REPORT_BUILDER_OF,
    writers: options.reportWriters ?? createReportFileWriter,
    retentionDays: config.REPORT_FILES_RETENTION_DAYS,
    background: true,
    wake: () => jobs.wake(),
  });
  jobs.addSource(reportGenerator);
  scheduleReports(jobs, { retentionDays: config.REPORT_FILES_RETENTION_DAYS });
  const reportFileLinks = new ReportFileLinks(secret, config.PUBLIC_URL);
  const reportMail = new ReportMail({
    publicUrl: config.PUBLIC_URL,
    attachmentMaxBytes: config.REPORT_MAIL_ATTACHMENT_MAX_BYTES,
    unsubscribeLinks,
    fileLinks: reportFileLinks,
  });
  reportMail.attachTo(mail, db);
  reportGenerator.onDone(reportMail.onDone);
  metrics.observeEventStreams(() => events.size);
  const productionLive = new ProductionLiveService(new LiveViewsRepository(db));
  const productionScreens = new ProductionScreens(productionLive, events);
  const readingsBell = new ReadingsBell(db);
  return {
    /** Production views' live state (the state call, the display links' access). */
    productionLive,
    /** The open live screens of this instance, kept current through the hub's topics (app.ts gives it the LISTEN). */
    productionScreens,
    /** Rung by ingest after each committed batch: NOTIFYs the devices with new readings (at most every 250 ms). */
    readingsBell,
    /** Makes report files on the runner (a source, like the mail sender); tests drain it by hand. */
    reportGenerator,
    /** Report configurations (the wizard, the cyclic list). */
    reportConfigurations: new ConfigurationsService(new ConfigurationsRepository(db), {
      retentionDays: config.REPORT_FILES_RETENTION_DAYS,
      fileCreated: () => jobs.wake(),
    }),
    /** Generated report files: list, download, retry. */
    reportFiles: new FilesService(new FilesRepository(db), reportFileLinks, { retried: () => jobs.wake() }),
    /** The open `GET /api/events` streams of this instance and their fan-out (app.ts gives it the LISTEN). */
    events,
    /** How many event streams each user, display link and address may hold open on this instance (429 beyond). */
    streamLimits,
    /** The background job runner (started by main.ts after the app listens; tests drive it by hand). */
    jobs,
    /** The alert engine, registered on the runner; the preview route runs its evaluators without writing. */
    alertEngine,
    /** Alert changes (migration 016) for the ones who react to them; listeners register on it. */
    alertChanges,
    /** Signed one-click unsubscribe links for mail to users (List-Unsubscribe). */
    unsubscribeLinks,
    /** The outbox's sender on the runner (docs/mail.md): every mail leaves through it. */
    mail,
    /** The unsubscribe routes: a link's token turns its user's e-mail notifications off. */
    unsubscribe: new UnsubscribeService(new UnsubscribeRepository(db), unsubscribeLinks),
    /** `POST /api/alertrules/{id}/preview`: the engine's evaluators over the last 7 days, writing nothing. */
    alertPreview: new AlertPreviewService(db),
    /** The notification centre, alert deliveries and announcements (its AlertNotifier listens to alertChanges). */
    notifications,
    /** Signs and checks the token of every server-driven form. */
    formTokens,
    auth,
    users: new UsersService(usersRepository),
    settings: new UserSettingsService(new UserSettingsRepository(db)),
    devices: new DevicesService(new DevicesRepository(db)),
    /** The device form, delete and unassign (/manage devices). */
    deviceForm: new DeviceForm(new DeviceFormRepository(db)),
    /** Last positions and status icons (/location, the device page). */
    deviceStatus: new DeviceStatusService(new DeviceStatusRepository(db)),
    deviceSummaries: new DeviceSummariesService(new DeviceSummariesRepository(db), alertsRepository, new DeviceStatusRepository(db), clock),
    /** The device page: current readings, operator history, battery cycles. */
    deviceHistory: new DeviceHistoryService(new DeviceHistoryRepository(db), diagnosticsRepository, clock),
    impersonation: new ImpersonationService(new ImpersonationRepository(db), usersRepository, auth),
    support: new SupportService(supportRepository, usersRepository, { supportEmail: config.SUPPORT_EMAIL, mailConfigured: mailer.configured }),
    passwordLinks,
    // A committed batch wakes the runner, so the alert engine evaluates it at once, and rings the readings bell, so
    // the live screens showing the device update (after the commit, never inside the batch's transaction).
    /** Telemetry ingest: the HTTP route, the MQTT subscriber and the demo simulator all write through it. */
    ingest: createIngestService(db, {
      observer: metrics.ingestObserver(),
      statusChanged: (trx, change) => appendDeviceStatusEvents(trx, [change]),
      afterCommit: (module) => {
        jobs.wake();
        if (module.deviceId !== null) readingsBell.ring(module.deviceId);
      },
    }),
    /** The spec 02 §7 diagnostics calls (read the rollups; raw data only for the async and location calls). */
    diagnostics,
    operatorDiagnostics: new OperatorDiagnosticsService(new OperatorActivityRepository(db)),
    factoryReports: new FactoryReportService(diagnosticsRepository, diagnostics),
    /** The dashboard's work summaries: activity, efficiency, operators, shift work (from the rollups). */
    workSummaries: new WorkSummariesService(new WorkSummariesRepository(db), diagnosticsRepository, diagnostics, new OperatorActivityRepository(db), clock),
    /** The model lists the monitors pick from. */
    deviceGroups: new DeviceGroupsService(new DeviceGroupsRepository(db), clock),
    operators,
    /** Tasks: the list, the form, status and delete (/tasks, the device page). */
    tasks: new TasksService(new TasksRepository(db)),
    /** Operator groups: one group, the form, delete and unassign (the list is `operators`'). */
    operatorGroups: new OperatorGroupsService(new OperatorGroupsRepository(db), operators),
    deviceTypes: new DeviceTypesService(new DeviceTypesRepository(db), parametersRepository),
    /** The device types' parameters: list, one, unit, and the super-admin form and delete. */
    parameters: new ParametersService(parametersRepository),
    userDirectory: new UserDirectoryService(new UserDirectoryRepository(db)),
    /** User management: one user, the form (mails the welcome link) and delete; the list is userDirectory's. */
    userAdmin: new UserAdminService(new UserAdminRepository(db), passwordLinks),
    productionShifts: new ProductionShiftsService(new ProductionShiftsRepository(db)),
    /** Super-admin administration (/administration): modules, companies and subscribers of every company. */
    sensors: new SensorsService(new SensorsRepository(db)),
    /** Devices that tried to connect unregistered: recorded by the protocol listeners, listed on the sensors screen. */
    unknownModules: new UnknownModulesService(new UnknownModulesRepository(db), clock),
    companies: new CompaniesService(new CompaniesRepository(db)),
    subscribers: new SubscribersService(new SubscribersRepository(db)),
    /** Alert rules: the list, the rule page, enable, assignments, delete or archive (/alerts/rules). */
    alertRules: new AlertRulesService(alertRulesRepository, alertsRepository),
    /** The alert rule's form (wizard step 1, the edit dialog). */
    alertRuleForm: new AlertRuleForm(alertRulesRepository),
    /** A rule's conditions and their form of the rule's type (wizard step 3). */
    alertConditions: new AlertConditionsService(alertRulesRepository, new AlertConditionsRepository(db), formTokens),
    /** The alerts a caller sees, confirming them, and the header's and pages' counts. */
    alerts: new AlertsService(alertsRepository),
    /** Prometheus metrics of this instance (GET /metrics). */
    metrics,
    /** Guards modules' security codes against guessing (POST /api/ingest), as sign-in guards passwords. */
    moduleThrottle: new AttemptThrottle(authRepository, throttleSettings, 'module'),
    // Wrong current passwords are throttled on the form's own counters, apart from sign-in's (decision 011).
    /** The signed-in user's own profile, preferences and password (the profile settings dialog). */
    profile: new ProfileService(new ProfileRepository(db), new AttemptThrottle(authRepository, throttleSettings, 'password-change'), {
      publicUrl: config.PUBLIC_URL,
    }),
    /** `GET /api/reports/{type}/data`: the report screens, from the builders the generated files use too. */
    reportData: new ReportDataService(db),
    // An edit, a deletion or a revocation reaches the open screens of every instance at once (in its transaction).
    /** Production views: the list, one, the wizard's create and edit, delete, a device's parameters (/production). */
    productionViews: new ProductionViewsService(new ProductionViewsRepository(db), (trx, change) => productionScreens.viewChanged(trx, change)),
    /** A production view's display links (a TV without a sign-in): make, list, revoke. */
    displayLinks: new DisplayLinksService(new DisplayLinksRepository(db), (trx, change) => productionScreens.viewChanged(trx, change)),
  };
}
