import { z } from 'zod';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BRANDS } from '@gearwatch/contracts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const booleanFlag = z.enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no']).transform((v) => ['on', 'true', '1', 'yes'].includes(v));

/** `address@domain` or `Display Name <address@domain>`: what a From header may hold. */
const MAILBOX = /^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/;

const TELTONIKA_PORT_HINT = 'TELTONIKA_PORT must be a port number 0-65535 or off';
const OPCUA_DEMO_PORT_HINT = 'OPCUA_DEMO_PORT must be a port number 0-65535 or off';

const PUBLIC_URL_HINT = 'PUBLIC_URL must be an http:// or https:// address without a trailing slash, e.g. https://gearwatch.example.com';

/** Links are built as PUBLIC_URL + '/resetting?…', so the base must not end in a slash or carry a query or fragment. */
function isBaseUrl(value: string): boolean {
  return !value.endsWith('/') && !/[?#]/.test(value);
}

/**
 * Every environment variable the server reads, with its default. Nothing else in the server reads process.env,
 * so this list is the whole configuration surface (documented in the README).
 */
const envObject = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** PostgreSQL connection string; when unset the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Seeds the demo companies on an empty database. */
  DEMO: booleanFlag.default(true),
  /**
   * With DEMO on: the demo fleet's live data (every minute, through MQTT when MQTT_URL is set) and the history it
   * missed while the server was down. Defaults to DEMO; off keeps only the 90-day history stored on first start.
   */
  SIMULATOR: booleanFlag.optional(),
  /** Days of demo history the first start stores (a shorter history starts faster: trials, tests). */
  DEMO_HISTORY_DAYS: z.coerce.number().int().min(1).max(365).default(90),
  /** HMAC secret for access tokens; when unset a random one is created once and kept in the database. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  WEB_CLIENT_ID: z.string().min(1).default('gearwatch-web'),
  WEB_CLIENT_SECRET: z.string().min(1).default('gearwatch-web'),
  /** Failed sign-ins per account (wrong codes per module) before each further attempt is slowed down (decision 011). */
  LOGIN_SLOWDOWN_AFTER: z.coerce.number().int().min(1).default(3),
  /** Attempts per (account, address) (or 5x this per address) within the window before that address is refused (decision 011). */
  LOGIN_LOCK_AFTER: z.coerce.number().int().min(1).default(8),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  LOGIN_LOCK_SECONDS: z.coerce.number().int().min(1).default(900),
  LOGIN_SLOWDOWN_MS: z.coerce.number().int().min(0).max(10000).default(500),
  /** Password reset requests (POST /api/resetting/request) one address may make within RATE_LIMIT_WINDOW_SECONDS. */
  RESET_REQUEST_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Support messages (POST /api/support/mail) one address may send within RATE_LIMIT_WINDOW_SECONDS. */
  SUPPORT_MAIL_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** The window of the rate limits above; the answer beyond a limit is 429 with Retry-After. */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /**
   * Event streams (docs/events.md "Limits"), counted per instance: one more is refused with 429 and Retry-After.
   * `GET /api/events` streams one user may hold (tabs, live screens).
   */
  EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).max(10000).default(20),
  /** Display streams (`GET /api/display/{token}/events`, no sign-in) one display link may hold. */
  DISPLAY_STREAMS_PER_LINK: z.coerce.number().int().min(1).max(10000).default(20),
  /** Display streams one remote address may hold, over all links (the screens of one site behind one address). */
  DISPLAY_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(10000).default(50),
  /** Tile URL template for maps; OpenStreetMap by default. */
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** The branding variant (contracts/src/brands.ts): logos, title, favicon, menu owner link and mail follow it. */
  BRAND: z.enum(BRANDS).default('default'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Outgoing mail server, e.g. smtp://user:pass@mail.example.com:587 (smtps:// for TLS from the start); unset: mail is kept unsent. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587' }).optional(),
  /** Sender of every mail the service sends: an address, optionally with a display name. */
  MAIL_FROM: z
    .string()
    .regex(MAILBOX, 'MAIL_FROM must be an e-mail address, optionally with a name: "Gearwatch <no-reply@example.com>"')
    .default('Gearwatch <no-reply@gearwatch.local>'),
  /**
   * The address users open the app at, for links in mail (password reset). Defaults to http://localhost:PORT, which
   * only works on the machine itself: set it in any real deployment.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: PUBLIC_URL_HINT })
    .refine((value) => isBaseUrl(value), { error: PUBLIC_URL_HINT })
    .optional(),
  /** How long a password reset link works. */
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().min(5).max(1440).default(60),
  /** How long the link a new user gets to set their first password works; they may not read mail for a weekend. */
  WELCOME_TOKEN_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(72),
  /**
   * Attempts the outbox sender makes at a mail while SMTP fails (connection refused, timeouts, 4xx answers), with
   * exponential backoff between them (5 s, 10 s, 20 s… at most an hour), before it marks the mail failed.
   */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** Days a generated report file is kept (its download, its mail link); then it is deleted with its bytes. */
  REPORT_FILES_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** The largest report file mailed as an attachment; a larger one is mailed as a download link. */
  REPORT_MAIL_ATTACHMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(50 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  /** Where support mail (the app's "contact support" dialog) is delivered. */
  SUPPORT_EMAIL: z.email({ error: 'SUPPORT_EMAIL must be one e-mail address, e.g. support@example.com' }).default('support@gearwatch.local'),
  /** Directory of the built client; served with SPA fallback when present. */
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'web', 'dist')),
  TRUST_PROXY: booleanFlag.default(false),
  /**
   * MQTT broker the module topics modules/{serial}/readings|positions|events are taken from (docs/ingest.md), e.g.
   * mqtt://127.0.0.1:1883 or mqtts://user:pass@broker.example.com:8883; unset: HTTP ingest only.
   */
  MQTT_URL: z.url({ protocol: /^(mqtts?|wss?)$/, error: 'MQTT_URL must be an mqtt://, mqtts://, ws:// or wss:// URL, e.g. mqtt://127.0.0.1:1883' }).optional(),
  /**
   * This instance's MQTT client id. Unset: `gearwatch-<hostname>-<n>`, the lowest slot no other running instance
   * holds (a lease in the database), so ids are unique per process and a restarted instance gets its broker session
   * back. Set it only to pin an id per instance (one per instance: a second live instance with it refuses to start).
   */
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'MQTT_CLIENT_ID must be 1-64 letters, digits, _ . : or -')
    .optional(),
  /**
   * Connections this instance takes module messages on (ids `<client id>`, `<client id>/1`, …), each storing one
   * message at a time. Lowering it is safe: the sessions of connections no longer opened are drained at start.
   */
  MQTT_CONNECTIONS: z.coerce.number().int().min(1, 'MQTT_CONNECTIONS must be 1-16').max(16, 'MQTT_CONNECTIONS must be 1-16').default(2),
  /**
   * Namespaces the module topics when one broker serves several deployments (staging and production, two sites):
   * with `site-a/` modules publish to site-a/modules/{serial}/readings and this deployment takes only those.
   */
  MQTT_TOPIC_PREFIX: z
    .string()
    .regex(/^([\w.-]+\/)*$/, 'MQTT_TOPIC_PREFIX must be topic levels ending with a slash, e.g. site-a/ or acme/plant-1/ (no + # or $)')
    .default(''),
  /**
   * TCP port Teltonika trackers connect to (docs/teltonika.md), in every instance beside HTTP; `off`: no listener.
   * 5027 is the port Teltonika's and Traccar's documentation use for their protocol.
   */
  TELTONIKA_PORT: z
    .string()
    .regex(/^(off|\d{1,5})$/, TELTONIKA_PORT_HINT)
    .transform((value) => (value === 'off' ? null : Number(value)))
    .refine((port) => port === null || port <= 65535, TELTONIKA_PORT_HINT)
    .default(5027),
  /** Address the Teltonika listener binds; defaults to HOST. */
  TELTONIKA_HOST: z.string().min(1).optional(),
  /**
   * A tracker connection silent this long is closed. Devices reconnect when they have records, so this only frees
   * the sockets of devices that went out of coverage without closing theirs; above the longest send period in use.
   */
  TELTONIKA_IDLE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(10, 'TELTONIKA_IDLE_TIMEOUT_SECONDS must be 10-86400')
    .max(86400, 'TELTONIKA_IDLE_TIMEOUT_SECONDS must be 10-86400')
    .default(600),
  /**
   * Bearer token Prometheus scrapes GET /metrics with. Without it (and without METRICS_PUBLIC) /metrics answers 404:
   * request rates are not published unless someone asked for them.
   */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** GET /metrics without a token: only where the port is reachable from the monitoring network alone. */
  METRICS_PUBLIC: booleanFlag.default(false),
  /** `off`: no OPC UA connector in this instance (docs/opcua.md); the modules stay offline unless another runs one. */
  OPCUA: booleanFlag.default(true),
  /**
   * Key material the OPC UA modules' passwords are encrypted with (AES-256-GCM, docs/opcua.md). Unset: a random
   * secret the first start creates and keeps in the database, shared by every instance. Changing it makes stored
   * passwords unreadable: enter them again.
   */
  OPCUA_SECRET_KEY: z.string().min(32, 'OPCUA_SECRET_KEY must be at least 32 characters').optional(),
  /**
   * With the demo's live data: the port of the demo machine's OPC UA server (Injection Moulder 4's controller, on
   * 127.0.0.1), which the connector reads; 0 takes any free port (tests, the browser tests' server); `off`: none.
   */
  OPCUA_DEMO_PORT: z
    .string()
    .regex(/^(off|\d{1,5})$/, OPCUA_DEMO_PORT_HINT)
    .transform((value) => (value === 'off' ? null : Number(value)))
    .refine((port) => port === null || port <= 65535, OPCUA_DEMO_PORT_HINT)
    .default(4841),
});

/** Defaults that depend on other variables. */
const envSchema = envObject.transform((env) => ({
  ...env,
  PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  TELTONIKA_HOST: env.TELTONIKA_HOST ?? env.HOST,
  SIMULATOR: env.SIMULATOR ?? env.DEMO,
}));

export type Config = z.output<typeof envSchema>;

export class ConfigError extends Error {}

/** Parses the environment; on bad values throws one error naming every offending variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const relevant = Object.fromEntries(Object.entries(env).filter(([key, value]) => key in envObject.shape && value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(relevant);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '?');
      return `  ${name}=${JSON.stringify(env[name])}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Configuration for tests: quiet logs, fast hashing-independent limits, never a port clash. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      PORT: '0',
      DEMO: 'off',
      LOGIN_SLOWDOWN_MS: '0',
      RESET_REQUEST_RATE_LIMIT: '10000',
      SUPPORT_MAIL_RATE_LIMIT: '10000',
    }),
    ...overrides,
  };
}
