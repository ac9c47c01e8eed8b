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
});
