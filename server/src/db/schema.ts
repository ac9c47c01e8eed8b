// Kysely table types; they mirror migrations/*.sql and change with them (server/test/schema-conformance.test.ts
// compares them with the migrated database).
import type { ColumnType, Generated } from 'kysely';

/** A timestamptz every insert writes. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamptz the database fills (`default now()`) when an insert leaves it out. */
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/**
 * A local date. Read as a Date at midnight (local time from pg, UTC from PGlite), so select it as `column::text`; the
 * string is for where clauses, whose values Kysely types by the select type.
 */
type LocalDate = ColumnType<Date | string, string, string>;
type Json = ColumnType<unknown, string, string>;
/** A json(b) column with a default, which an insert may leave out. */
type DefaultJson = ColumnType<unknown, string | undefined, string>;

export interface InstanceSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

export interface SubscribersTable {
  id: Generated<number>;
  name: string;
  tax_number: string | null;
  address: string | null;
  city: string | null;
  email: string | null;
  created_at: CreatedAt;
}

export interface CompaniesTable {
  id: Generated<number>;
  subscriber_id: number | null;
  name: string;
  timezone: Generated<string>;
  subscription_type: Generated<string>;
  automatic_operator_registration: Generated<boolean>;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  company_id: number;
  username: string;
  email: string;
  firstname: Generated<string>;
  lastname: Generated<string>;
  password_hash: string | null;
  avatar: string | null;
  language: Generated<string>;
  phone: string | null;
  rfid: string | null;
  note: string | null;
  is_super_admin: Generated<boolean>;
  can_impersonate: Generated<boolean>;
  is_active: Generated<boolean>;
  last_login_at: Timestamp | null;
  subscription_expires_at: Timestamp | null;
  /** Notification preferences (migration 017): absent keys are true. */
  notification_settings: DefaultJson;
  created_at: CreatedAt;
  updated_at: DefaultTimestamp;
}

export interface UserSettingsTable {
  company_id: number;
  user_id: number;
  key: string;
  value: Json;
  updated_at: DefaultTimestamp;
}

export interface OauthClientsTable {
  id: Generated<number>;
  client_id: string;
  secret_hash: string;
  name: string;
  created_at: CreatedAt;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  token_hash: string;
  family_id: string;
  user_id: number;
  client_id: number;
  impersonator_id: number | null;
  issued_at: DefaultTimestamp;
  expires_at: Timestamp;
  rotated_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface LeasesTable {
  name: string;
  holder: string;
  renewed_at: Generated<Date>;
  expires_at: Date;
}

export interface AuthFailuresTable {
  key: string;
  failures: number;
  window_started_at: Timestamp;
  locked_until: Timestamp | null;
}

export interface ProductionShiftsTable {
  id: Generated<number>;
  company_id: number;
  position: number;
  name: string;
  hour_start: number;
  hour_end: number;
}

export interface UnitsTable {
  id: Generated<number>;
  name: string;
  short: string;
  long: string;
  min: number | null;
  max: number | null;
}

export interface DeviceTypesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  created_at: CreatedAt;
}

export interface ParametersTable {
  id: Generated<number>;
  device_type_id: number;
  number: number;
  name: string;
  description: string | null;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  unit_id: number | null;
  aggregation: string;
  data_type: Generated<string>;
  chart: Generated<string>;
  formula: string | null;
  is_public: Generated<boolean>;
  /** Migration 027: the Teltonika IO element this parameter's value comes from (raw × multiplier + offset). */
  teltonika_io_id: number | null;
  teltonika_multiplier: Generated<number>;
  teltonika_offset: Generated<number>;
}

export interface DevicesTable {
  id: Generated<number>;
  company_id: number;
  device_type_id: number;
  name: string;
  description: string | null;
  status: Generated<string>;
  power_state: Generated<string>;
  technical_data: DefaultJson;
  application_version: string | null;
  software_version: string | null;
  created_at: CreatedAt;
  updated_at: DefaultTimestamp;
}

export interface SensorsTable {
  id: Generated<number>;
  company_id: number;
  device_id: number | null;
  name: string;
  serial_number: string;
  security_code: string;
  /** MODULE_PROTOCOLS (migration 025). */
  protocol: Generated<string>;
  /** Migration 027: the longest time between records while the machine works; null for the default. */
  send_period_seconds: number | null;
  type: string | null;
  description: string | null;
  timezone: Generated<string>;
  subscription: string | null;
  sim_card_number: string | null;
  version: string | null;
  software_version: string | null;
  owner: string | null;
  dealer: string | null;
  is_active: Generated<boolean>;
  warranty_to: LocalDate | null;
  peripherals: DefaultJson;
  created_at: CreatedAt;
}

/** A Teltonika module's latest record (migration 027). */
export interface TeltonikaLastRecordsTable {
  sensor_id: number;
  /** The device the module was fitted to when the record was sent (migration 031). */
  device_id: number | null;
  ts: Timestamp;
  ignition: boolean | null;
  moving: boolean | null;
}

/** An OPC UA module's endpoint, security, node mapping and connection (migration 032, docs/opcua.md). */
export interface OpcuaModulesTable {
  sensor_id: number;
  endpoint_url: string;
  security_mode: string;
  security_policy: string;
  user_name: string | null;
  /** AES-256-GCM ciphertext (telemetry/protocols/opcua/secret-box.ts); never answered. */
  password_encrypted: string | null;
  sampling_interval_ms: Generated<number>;
  accept_server_certificate: Generated<boolean>;
  mapping: DefaultJson;
  connection_state: Generated<string>;
  connected_at: Timestamp | null;
  last_error: string | null;
  last_error_at: Timestamp | null;
  counter_state: DefaultJson;
  /** Base64 DER: the certificate the machine presented when refused as not trusted (migration 034). */
  server_certificate: string | null;
  server_certificate_seen_at: Timestamp | null;
  /** Base64 DER: the certificate a super-admin trusted for the module. */
  trusted_certificate: string | null;
  certificate_trusted_at: Timestamp | null;
  certificate_trusted_by: number | null;
}

/** Devices that tried to connect unregistered (migration 026). */
export interface UnknownModulesTable {
  protocol: string;
  serial_number: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
  last_address: string | null;
  attempts: Generated<number>;
}

export interface DeviceGroupsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  description: string | null;
  created_at: CreatedAt;
}

export interface DeviceGroupDevicesTable {
  company_id: number;
  device_group_id: number;
  device_id: number;
}

export interface OperatorGroupsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  created_at: CreatedAt;
}

export interface OperatorsTable {
  id: Generated<number>;
  company_id: number;
  operator_group_id: number | null;
  firstname: string;
  lastname: string;
  email: string | null;
  position: string | null;
  rfid: string | null;
  phone: string | null;
  supervisor: string | null;
  company_name: string | null;
  created_at: CreatedAt;
}

export interface DeviceOperatorsTable {
  company_id: number;
  device_id: number;
  operator_id: number;
}

export interface SupportMessagesTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  impersonator_id: number | null;
  subject: string;
  content: string;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
  last_error: string | null;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  token_hash: string;
  purpose: 'reset' | 'welcome';
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

// Telemetry (migrations/004_telemetry.sql). Most writes are set-based statements in telemetry/ingest-repository.ts.
export interface ReadingsTable {
  company_id: number;
  device_id: number;
  sensor_id: number;
  parameter_number: number;
  ts: Timestamp;
  value: number;
}

export interface UnassignedReadingsTable {
  company_id: number;
  sensor_id: number;
  parameter_number: number;
  ts: Timestamp;
  value: number;
  received_at: CreatedAt;
}

/** readings_5min and readings_hour (bucket: UTC-aligned start). */
export interface ReadingsRollupTable {
  company_id: number;
  device_id: number;
  parameter_number: number;
  bucket: Timestamp;
  sum: number;
  count: number;
  min: number;
  max: number;
  last_ts: Timestamp;
  last_value: number;
}

/** readings_day; `day` is the company's local date: select it as `day::text`. */
export interface ReadingsDayTable {
  company_id: number;
  device_id: number;
  parameter_number: number;
  day: LocalDate;
  sum: number;
  count: number;
  min: number;
  max: number;
  last_ts: Timestamp;
  last_value: number;
}

/** readings_month; `month` is the first local date of the company's month (select it as `month::text`). */
export interface ReadingsMonthTable extends Omit<ReadingsDayTable, 'day'> {
  month: LocalDate;
}

/** readings_shift: the buckets of one shift window, `day` the local date the shift starts on (migration 005). */
export interface ReadingsShiftTable extends ReadingsDayTable {
  position: number;
}

/** Work and active of an operator session per local date (migration 006); null where no such reading fell in. */
export interface OperatorSessionDaysTable {
  session_id: number;
  company_id: number;
  day: LocalDate;
  work: number | null;
  active: number | null;
}

/** Required work and activity of a device per ISO weekday, in minutes (migration 008). */
export interface DeviceRequirementsTable {
  company_id: number;
  device_id: number;
  weekday: number;
  work_minutes: number | null;
  active_minutes: number | null;
}

/** The users alerted about a device's day below its requirements (migration 008). */
export interface DeviceRequirementUsersTable {
  company_id: number;
  device_id: number;
  user_id: number;
}

/** Work and active of an operator session per UTC hour (migration 007); null where no such reading fell in. */
export interface OperatorSessionHoursTable {
  session_id: number;
  company_id: number;
  hour: Timestamp;
  work: number | null;
  active: number | null;
}

export interface PositionsTable {
  company_id: number;
  sensor_id: number;
  device_id: number | null;
  ts: Timestamp;
  lat: number;
  lon: number;
  accuracy: number | null;
}

export interface ModuleEventsTable {
  company_id: number;
  sensor_id: number;
  device_id: number | null;
  ts: Timestamp;
  type: 'rfid_on' | 'rfid_off' | 'power_on' | 'power_off';
  rfid: string | null;
}

export interface OperatorSessionsTable {
  id: Generated<number>;
  company_id: number;
  device_id: number;
  operator_id: number | null;
  rfid: string;
  started_at: Timestamp;
  ended_at: Timestamp | null;
}

export interface DeviceStateTable {
  device_id: number;
  company_id: number;
  last_sync_at: Timestamp | null;
  last_reading_at: Timestamp | null;
  last_work_at: Timestamp | null;
  last_position_at: Timestamp | null;
  lat: number | null;
  lon: number | null;
  accuracy: number | null;
  power_changed_at: Timestamp | null;
  current_rfid: string | null;
  online: Generated<boolean>;
  working: Generated<boolean>;
  status_changed_at: Timestamp | null;
}

export interface SensorStateTable {
  sensor_id: number;
  company_id: number;
  last_contact_at: Timestamp;
  last_data_at: Timestamp | null;
}

export interface IngestRejectsTable {
  id: Generated<number>;
  received_at: CreatedAt;
  source: string;
  topic: string | null;
  serial_number: string | null;
  reason: string;
  payload: string;
}

export interface SchemaMigrationsTable {
  version: string;
  applied_at: CreatedAt;
  /** SHA-256 of the migration file as applied (db/migrate.ts); null only until migrate.ts fills it. */
  checksum: string | null;
}

/** Alert rules (migration 012); archived instead of deleted while alerts refer to them. */
export interface AlertRulesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  type: string;
  importance: string;
  description: string | null;
  enabled: Generated<boolean>;
  archived_at: Timestamp | null;
  /** When it was created or last enabled: the engine judges nothing before it (migration 030). */
  active_since: Generated<Date>;
  /** Created by the wizard and not finished: disabled and never evaluated (migration 032). */
  draft: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** A rule's conditions in order; `condition` is one of contracts' alertConditionSchemas (migration 012). */
export interface AlertRuleConditionsTable {
  id: Generated<number>;
  company_id: number;
  rule_id: number;
  position: number;
  condition: Json;
  created_at: CreatedAt;
}

export interface AlertRuleDevicesTable {
  company_id: number;
  rule_id: number;
  device_id: number;
}

export interface AlertRuleDeviceGroupsTable {
  company_id: number;
  rule_id: number;
  device_group_id: number;
}

export interface AlertRuleUsersTable {
  company_id: number;
  rule_id: number;
  user_id: number;
}

/** Alerts (migration 012): times are the data's; status from confirmed_at, then ended_at. */
export interface AlertsTable {
  id: Generated<number>;
  company_id: number;
  source: Generated<string>;
  rule_id: number | null;
  device_id: number;
  importance: string;
  started_at: Timestamp;
  last_at: Timestamp;
  ended_at: Timestamp | null;
  confirmed_at: Timestamp | null;
  confirmed_by: number | null;
  counter: Generated<number>;
  message_key: string;
  message_params: DefaultJson;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** Background jobs (migration 013): one per (kind, key), claimed with a lease. */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  key: string;
  payload: DefaultJson;
  state: Generated<string>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: Generated<Date>;
  locked_by: string | null;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
}

/** Device data committed but not yet evaluated by the alert engine (migration 013). */
export interface AlertArrivalsTable {
  device_id: number;
  company_id: number;
  from_ts: Timestamp;
  to_ts: Timestamp;
  queued_at: Generated<Date>;
}

export interface AlertCursorsTable {
  subject: string;
  device_id: number;
  evaluated_until: Timestamp;
}

export interface AlertWindowResultsTable {
  subject: string;
  device_id: number;
  window_start: Timestamp;
  breached: boolean;
  evaluated_at: Generated<Date>;
}

export interface UserEventsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  payload: DefaultJson;
  created_at: CreatedAt;
}

/** Alert changes not handled yet (migration 016), written by a trigger on alerts. */
export interface AlertChangesTable {
  id: Generated<number>;
  alert_id: number;
  kind: 'opened' | 'repeated' | 'ended' | 'confirmed';
  changed_at: CreatedAt;
}

/** Mail waiting to be sent, sent or given up (migration 017). */
export interface MailOutboxTable {
  id: Generated<number>;
  company_id: number | null;
  user_id: number | null;
  kind: string;
  dedupe_key: string | null;
  to_address: string;
  to_name: string | null;
  reply_to: string | null;
  subject: string;
  text_body: string;
  headers: DefaultJson;
  ref: DefaultJson;
  /** References to attachments (migration 020): [{filename, contentType, source, id}]. */
  attachments: DefaultJson;
  state: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  /** Null: MAIL_MAX_ATTEMPTS (migration 018). */
  max_attempts: number | null;
  run_at: DefaultTimestamp;
  locked_by: string | null;
  locked_until: Timestamp | null;
  last_error: string | null;
  message_id: string | null;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
}

/** A super-admin's announcement to every user (migration 019). */
export interface AnnouncementsTable {
  id: Generated<number>;
  title: string;
  body: string;
  created_by: number | null;
  app_recipients: Generated<number>;
  mail_recipients: Generated<number>;
  created_at: CreatedAt;
}

/** A user's notification centre (migration 019). */
export interface NotificationsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  kind: 'alert' | 'reminder' | 'announcement' | 'task';
  alert_id: number | null;
  announcement_id: number | null;
  /** A task reminder's entry (migration 023). */
  task_reminder_id: Generated<number | null>;
  importance: 'info' | 'warning' | 'error' | null;
  occurrence: Generated<number>;
  bundled: Generated<number>;
  created_at: CreatedAt;
  read_at: Timestamp | null;
}

/** Who was told of an alert, in the app and by mail (migration 019). */
export interface AlertDeliveriesTable {
  id: Generated<number>;
  company_id: number;
  alert_id: number;
  user_id: number;
  occurrence: Generated<number>;
  notification_id: number | null;
  mail_id: number | null;
  created_at: CreatedAt;
}

/** Report configurations (migration 020). */
export interface ReportConfigurationsTable {
  id: Generated<number>;
  company_id: number;
  report_type: string;
  name: string;
  report_interval: string;
  frequency: string;
  format: string;
  period_from: LocalDate | null;
  period_to: LocalDate | null;
  enabled: Generated<boolean>;
  created_by: number | null;
  active_since: Generated<Date>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface ReportConfigurationUsersTable {
  company_id: number;
  configuration_id: number;
  user_id: number;
}

export interface ReportConfigurationEmailsTable {
  configuration_id: number;
  email: string;
}

export interface ReportConfigurationDeviceGroupsTable {
  company_id: number;
  configuration_id: number;
  device_group_id: number;
}

export interface ReportConfigurationOperatorGroupsTable {
  company_id: number;
  configuration_id: number;
  operator_group_id: number;
}

/** A generated report file (migration 020). */
export interface ReportFilesTable {
  id: Generated<number>;
  company_id: number;
  configuration_id: number | null;
  report_type: string;
  report_interval: string;
  name: string;
  format: string;
  subject: DefaultJson;
  status: Generated<string>;
  progress: Generated<number>;
  size: number | null;
  period_from: LocalDate;
  period_to: LocalDate;
  requested_by: number | null;
  error: string | null;
  attempt: Generated<number>;
  locked_by: string | null;
  locked_until: Timestamp | null;
  created_at: CreatedAt;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  expires_at: Timestamp | null;
}

export interface ReportFileUsersTable {
  file_id: number;
  user_id: number;
}

export interface ReportFileChunksTable {
  file_id: number;
  attempt: number;
  seq: number;
  data: Buffer;
}

export interface ReportPeriodsTable {
  configuration_id: number;
  period_from: LocalDate;
  period_to: LocalDate;
  file_id: number | null;
  created_at: CreatedAt;
}

export interface ProductionViewsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  view_type: string;
  /** Whole hours 0–23 of the company's time zone, ascending. */
  reset_hours: number[];
  logo: Buffer | null;
  logo_type: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface ProductionViewLinesTable {
  company_id: number;
  view_id: number;
  position: number;
  label: string;
  device_id: number | null;
  parameter: number;
  goal: number;
}

export interface ProductionViewDisplayLinksTable {
  id: Generated<number>;
  company_id: number;
  view_id: number;
  token_sha256: Buffer;
  label: Generated<string>;
  created_by: number | null;
  created_at: CreatedAt;
  last_used_at: Date | null;
}

/** Tasks (migration 023). */
export interface TasksTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  type: string;
  description: string | null;
  assignee_id: number | null;
  responsible_id: number | null;
  deadline: Timestamp | null;
  reminder_at: Timestamp | null;
  status: Generated<string>;
  done_at: Timestamp | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: DefaultTimestamp;
}

export interface TaskDevicesTable {
  company_id: number;
  task_id: number;
  device_id: number;
}

/** One reminder of a task sent (migration 023): unique per (task, kind, due_at). */
export interface TaskRemindersTable {
  id: Generated<number>;
  company_id: number;
  task_id: number;
  kind: 'reminder' | 'overdue';
  due_at: Timestamp;
  sent_at: CreatedAt;
}

/** The work matrix's cached quarter hours of a closed local day (migration 022); `work` is a JSON array as text. */
export interface WorkQuarterDaysTable {
  company_id: number;
  device_id: number;
  day: LocalDate;
  timezone: string;
  work: string;
}

export interface DB {
  leases: LeasesTable;
  instance_secrets: InstanceSecretsTable;
  subscribers: SubscribersTable;
  companies: CompaniesTable;
  users: UsersTable;
  user_settings: UserSettingsTable;
  oauth_clients: OauthClientsTable;
  refresh_tokens: RefreshTokensTable;
  auth_failures: AuthFailuresTable;
  production_shifts: ProductionShiftsTable;
  units: UnitsTable;
  device_types: DeviceTypesTable;
  parameters: ParametersTable;
  devices: DevicesTable;
  sensors: SensorsTable;
  unknown_modules: UnknownModulesTable;
  teltonika_last_records: TeltonikaLastRecordsTable;
  opcua_modules: OpcuaModulesTable;
  device_groups: DeviceGroupsTable;
  device_group_devices: DeviceGroupDevicesTable;
  operator_groups: OperatorGroupsTable;
  operators: OperatorsTable;
  device_operators: DeviceOperatorsTable;
  support_messages: SupportMessagesTable;
  password_reset_tokens: PasswordResetTokensTable;
  readings: ReadingsTable;
  unassigned_readings: UnassignedReadingsTable;
  readings_5min: ReadingsRollupTable;
  readings_hour: ReadingsRollupTable;
  readings_day: ReadingsDayTable;
  readings_month: ReadingsMonthTable;
  readings_shift: ReadingsShiftTable;
  operator_session_days: OperatorSessionDaysTable;
  operator_session_hours: OperatorSessionHoursTable;
  device_requirements: DeviceRequirementsTable;
  device_requirement_users: DeviceRequirementUsersTable;
  positions: PositionsTable;
  module_events: ModuleEventsTable;
  operator_sessions: OperatorSessionsTable;
  device_state: DeviceStateTable;
  sensor_state: SensorStateTable;
  ingest_rejects: IngestRejectsTable;
  schema_migrations: SchemaMigrationsTable;
  alert_rules: AlertRulesTable;
  alert_rule_conditions: AlertRuleConditionsTable;
  alert_rule_devices: AlertRuleDevicesTable;
  alert_rule_device_groups: AlertRuleDeviceGroupsTable;
  alert_rule_users: AlertRuleUsersTable;
  alerts: AlertsTable;
  jobs: JobsTable;
  alert_arrivals: AlertArrivalsTable;
  alert_cursors: AlertCursorsTable;
  alert_window_results: AlertWindowResultsTable;
  user_events: UserEventsTable;
  alert_changes: AlertChangesTable;
  mail_outbox: MailOutboxTable;
  announcements: AnnouncementsTable;
  notifications: NotificationsTable;
  alert_deliveries: AlertDeliveriesTable;
  report_configurations: ReportConfigurationsTable;
  report_configuration_users: ReportConfigurationUsersTable;
  report_configuration_emails: ReportConfigurationEmailsTable;
  report_configuration_device_groups: ReportConfigurationDeviceGroupsTable;
  report_configuration_operator_groups: ReportConfigurationOperatorGroupsTable;
  report_files: ReportFilesTable;
  report_file_users: ReportFileUsersTable;
  report_file_chunks: ReportFileChunksTable;
  report_periods: ReportPeriodsTable;
  production_views: ProductionViewsTable;
  production_view_lines: ProductionViewLinesTable;
  production_view_display_links: ProductionViewDisplayLinksTable;
  tasks: TasksTable;
  task_devices: TaskDevicesTable;
  task_reminders: TaskRemindersTable;
  work_quarter_days: WorkQuarterDaysTable;
}
