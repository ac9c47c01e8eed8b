import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DEMO).toBe(true);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads flags and numbers', () => {
    const config = loadConfig({ PORT: '9000', DEMO: 'off', DATABASE_URL: 'postgres://u@localhost:5432/db' });
    expect(config).toMatchObject({ PORT: 9000, DEMO: false, DATABASE_URL: 'postgres://u@localhost:5432/db' });
  });

  it('names every bad variable in one error', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DEMO: 'maybe', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DEMO', 'DATABASE_URL', 'JWT_SECRET']) expect(message).toContain(name);
    }
  });

  it('configures mail: unset SMTP by default, sender and support address with defaults', () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({ MAIL_FROM: 'Gearwatch <no-reply@gearwatch.local>', SUPPORT_EMAIL: 'support@gearwatch.local' });
    expect(defaults.SMTP_URL).toBeUndefined();
    const set = loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'ops@example.com', SUPPORT_EMAIL: 'help@example.com' });
    expect(set).toMatchObject({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'ops@example.com', SUPPORT_EMAIL: 'help@example.com' });
  });

  it('explains bad mail settings', () => {
    for (const [name, value, hint] of [
      ['SMTP_URL', 'http://mail.example.com', 'smtp://'],
      ['MAIL_FROM', 'Gearwatch no-reply', 'MAIL_FROM must be an e-mail address'],
      ['MAIL_FROM', 'a@b.c\r\nBcc: x@y.z', 'MAIL_FROM must be an e-mail address'],
      ['SUPPORT_EMAIL', 'support', 'SUPPORT_EMAIL must be one e-mail address'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(hint);
    }
  });

  it('derives PUBLIC_URL from PORT and checks it is a base address for links', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '9000' }).PUBLIC_URL).toBe('http://localhost:9000');
    expect(loadConfig({ PUBLIC_URL: 'https://gw.example.com/app' }).PUBLIC_URL).toBe('https://gw.example.com/app');
    for (const value of ['https://gw.example.com/', 'ftp://gw.example.com', 'gw.example.com', 'https://gw.example.com?x=1', 'https://gw.example.com#top']) {
      expect(() => loadConfig({ PUBLIC_URL: value }), value).toThrow('PUBLIC_URL must be an http:// or https:// address without a trailing slash');
    }
  });

  it('bounds the password link lifetimes', () => {
    expect(loadConfig({})).toMatchObject({ RESET_TOKEN_TTL_MINUTES: 60, WELCOME_TOKEN_TTL_HOURS: 72 });
    expect(loadConfig({ RESET_TOKEN_TTL_MINUTES: '30', WELCOME_TOKEN_TTL_HOURS: '168' })).toMatchObject({
      RESET_TOKEN_TTL_MINUTES: 30,
      WELCOME_TOKEN_TTL_HOURS: 168,
    });
    for (const [name, value] of [
      ['RESET_TOKEN_TTL_MINUTES', '0'],
      ['RESET_TOKEN_TTL_MINUTES', '2 hours'],
      ['RESET_TOKEN_TTL_MINUTES', '5000'],
      ['WELCOME_TOKEN_TTL_HOURS', '0'],
      ['WELCOME_TOKEN_TTL_HOURS', '1.5'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(name);
    }
  });

  it('bounds the open event streams per user, per display link and per address', () => {
    expect(loadConfig({})).toMatchObject({ EVENT_STREAMS_PER_USER: 20, DISPLAY_STREAMS_PER_LINK: 20, DISPLAY_STREAMS_PER_ADDRESS: 50 });
    expect(loadConfig({ EVENT_STREAMS_PER_USER: '5', DISPLAY_STREAMS_PER_LINK: '2', DISPLAY_STREAMS_PER_ADDRESS: '200' })).toMatchObject({
      EVENT_STREAMS_PER_USER: 5,
      DISPLAY_STREAMS_PER_LINK: 2,
      DISPLAY_STREAMS_PER_ADDRESS: 200,
    });
    for (const name of ['EVENT_STREAMS_PER_USER', 'DISPLAY_STREAMS_PER_LINK', 'DISPLAY_STREAMS_PER_ADDRESS']) {
      for (const value of ['0', '-1', '2.5', 'many', '100000']) expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(name);
    }
  });

  it('takes an MQTT broker URL and a per-instance client id', () => {
    const defaults = loadConfig({});
    expect(defaults.MQTT_URL).toBeUndefined();
    // Unset: each process takes a slot of its own (telemetry/mqtt-client-id.ts).
    expect(defaults.MQTT_CLIENT_ID).toBeUndefined();
    expect(loadConfig({ MQTT_URL: 'mqtt://127.0.0.1:1883', MQTT_CLIENT_ID: 'gw-a.1' })).toMatchObject({
      MQTT_URL: 'mqtt://127.0.0.1:1883',
      MQTT_CLIENT_ID: 'gw-a.1',
    });
    expect(loadConfig({ MQTT_URL: 'mqtts://u:p@broker.example.com:8883' }).MQTT_URL).toBe('mqtts://u:p@broker.example.com:8883');
    expect(() => loadConfig({ MQTT_URL: 'http://broker:1883' })).toThrow('MQTT_URL must be an mqtt://');
    expect(() => loadConfig({ MQTT_URL: '127.0.0.1:1883' })).toThrow('MQTT_URL');
    expect(() => loadConfig({ MQTT_CLIENT_ID: 'has space' })).toThrow('MQTT_CLIENT_ID');
  });

  it('takes module messages on two broker connections unless told otherwise', () => {
    expect(loadConfig({}).MQTT_CONNECTIONS).toBe(2);
    expect(loadConfig({ MQTT_CONNECTIONS: '4' }).MQTT_CONNECTIONS).toBe(4);
    for (const bad of ['0', '17', '1.5', 'two']) expect(() => loadConfig({ MQTT_CONNECTIONS: bad }), bad).toThrow('MQTT_CONNECTIONS');
  });

  it('listens for Teltonika trackers on 5027 unless moved or switched off, closing silent ones after 10 minutes', () => {
    const defaults = loadConfig({ HOST: '127.0.0.1' });
    expect([defaults.TELTONIKA_PORT, defaults.TELTONIKA_HOST, defaults.TELTONIKA_IDLE_TIMEOUT_SECONDS]).toEqual([5027, '127.0.0.1', 600]);
    expect(loadConfig({ TELTONIKA_PORT: 'off' }).TELTONIKA_PORT).toBeNull();
    expect(loadConfig({ TELTONIKA_PORT: '0', TELTONIKA_HOST: '::', TELTONIKA_IDLE_TIMEOUT_SECONDS: '120' })).toMatchObject({
      TELTONIKA_PORT: 0,
      TELTONIKA_HOST: '::',
      TELTONIKA_IDLE_TIMEOUT_SECONDS: 120,
    });
    for (const bad of ['65536', '-1', 'on', '50.5'])
      expect(() => loadConfig({ TELTONIKA_PORT: bad }), bad).toThrow('TELTONIKA_PORT must be a port number 0-65535 or off');
    for (const bad of ['9', '86401', 'never']) expect(() => loadConfig({ TELTONIKA_IDLE_TIMEOUT_SECONDS: bad }), bad).toThrow('TELTONIKA_IDLE_TIMEOUT_SECONDS');
  });

  it("serves the demo machine's OPC UA server on 4841 unless moved (0: any free port) or switched off", () => {
    expect(loadConfig({}).OPCUA_DEMO_PORT).toBe(4841);
    expect(loadConfig({ OPCUA_DEMO_PORT: '0' }).OPCUA_DEMO_PORT).toBe(0);
    expect(loadConfig({ OPCUA_DEMO_PORT: 'off' }).OPCUA_DEMO_PORT).toBeNull();
    for (const bad of ['65536', '-1', 'on', '48.5'])
      expect(() => loadConfig({ OPCUA_DEMO_PORT: bad }), bad).toThrow('OPCUA_DEMO_PORT must be a port number 0-65535 or off');
  });

  it('namespaces the module topics with an optional prefix of whole topic levels', () => {
    expect(loadConfig({}).MQTT_TOPIC_PREFIX).toBe('');
    expect(loadConfig({ MQTT_TOPIC_PREFIX: 'site-a/' }).MQTT_TOPIC_PREFIX).toBe('site-a/');
    expect(loadConfig({ MQTT_TOPIC_PREFIX: 'acme/plant.1/' }).MQTT_TOPIC_PREFIX).toBe('acme/plant.1/');
    for (const bad of ['site-a', 'site/+/', '#/', '$SYS/', '/']) {
      expect(() => loadConfig({ MQTT_TOPIC_PREFIX: bad }), bad).toThrow('MQTT_TOPIC_PREFIX');
    }
  });

  it('runs the demo simulator with the demo unless told otherwise', () => {
    expect(loadConfig({}).SIMULATOR).toBe(true);
    expect(loadConfig({ DEMO: 'off' }).SIMULATOR).toBe(false);
    expect(loadConfig({ SIMULATOR: 'off' })).toMatchObject({ DEMO: true, SIMULATOR: false });
    expect(() => loadConfig({ SIMULATOR: 'sometimes' })).toThrow('SIMULATOR');
  });
});
