import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the defaults of the README', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      databaseUrl: null,
      mqttUrl: null,
      mqttPort: 1883,
      identifyCode: true,
      logLevel: 'info',
    });
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('refuses a port that is not a number, with the variable named', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT must be an integer from 0 to 65535, got "eighty"');
  });

  it('refuses LOGIN_IDENTIFY_CODE=off in production', () => {
    expect(() => loadConfig({ LOGIN_IDENTIFY_CODE: 'off', NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(loadConfig({ LOGIN_IDENTIFY_CODE: 'off' }).identifyCode).toBe(false);
  });

  it('refuses an ADMIN_PASSWORD that could never sign in', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'ab' })).toThrow('ADMIN_PASSWORD must be 3-16 characters');
  });
});
