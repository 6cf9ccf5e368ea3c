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

  it('reads ALLOWED_ORIGINS as a list of origins and refuses anything else', () => {
    expect(loadConfig({}).allowedOrigins).toEqual([]);
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://a.example.com, http://b.example.com:8080' }).allowedOrigins).toEqual([
      'https://a.example.com',
      'http://b.example.com:8080',
    ]);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'a.example.com' })).toThrow('ALLOWED_ORIGINS');
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'https://a.example.com/path' })).toThrow('ALLOWED_ORIGINS');
  });
});
