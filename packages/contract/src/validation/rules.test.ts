import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { translate } from '../i18n/translate.js';
import {
  baseName,
  baseNo,
  coordinate,
  emailRule,
  idParam,
  intRange,
  ipv4Rule,
  isSubnetMask,
  listedId,
  MAX_ID,
  mobileRule,
  portRule,
  scopedName,
  subnetMaskRule,
} from './rules.js';
import { changePasswordForm, loginBody } from './session.js';

/** The first message of a failed parse, in English, as a user would read it. */
function messageOf(schema: z.ZodType, value: unknown, lang: 'en_US' | 'zh_CN' = 'en_US'): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : translate(lang, result.error.issues[0]!.message);
}

describe('name and no rules (spec 000 §5)', () => {
  it('accepts letters, digits and Chinese in 3-25 characters for base items', () => {
    expect(messageOf(baseName(), '路灯Lamp01')).toBeNull();
    expect(messageOf(baseName(), 'ab')).toBe('3-25 characters');
    expect(messageOf(baseName(), 'a'.repeat(26))).toBe('3-25 characters');
    expect(messageOf(baseName(), 'bad name!')).toBe('Only letters, digits and Chinese characters are allowed');
    expect(messageOf(baseName(), '')).toBe('Required');
    expect(messageOf(baseName(), 'ab', 'zh_CN')).toBe('3-25 个字符');
  });

  it('allows - _ ! @ # $ % ^ & in numbers, nothing else', () => {
    expect(messageOf(baseNo(), 'NO-01_a!@#$%^&')).toBeNull();
    expect(messageOf(baseNo(), 'NO 01')).toBe('Only letters, digits and - _ ! @ # $ % ^ & are allowed');
  });

  it('uses 2-32 for project-scope names', () => {
    expect(messageOf(scopedName(), '灯杆')).toBeNull();
    expect(messageOf(scopedName(), 'a'.repeat(33))).toBe('2-32 characters');
  });
});

describe('network rules', () => {
  it.each(['0.0.0.0', '192.168.1.10', '255.255.255.255'])('accepts the IPv4 %s', (ip) => {
    expect(messageOf(ipv4Rule(), ip)).toBeNull();
  });
  it.each(['256.1.1.1', '1.2.3', '01.2.3.4', 'a.b.c.d', '1.2.3.4.5'])('refuses the IPv4 %s', (ip) => {
    expect(messageOf(ipv4Rule(), ip)).toBe('A valid IPv4 address is required');
  });
  it('knows subnet masks from other addresses', () => {
    expect(isSubnetMask('255.255.255.0')).toBe(true);
    expect(isSubnetMask('255.255.128.0')).toBe(true);
    expect(isSubnetMask('255.0.255.0')).toBe(false);
    expect(isSubnetMask('0.0.0.0')).toBe(false);
    expect(messageOf(subnetMaskRule(), '255.255.0.255')).toBe('A valid subnet mask is required');
  });
  it('takes ports 0-65535, as numbers or form strings', () => {
    expect(portRule().parse('8080')).toBe(8080);
    expect(messageOf(portRule(), '65536')).toBe('Allowed range: 0 - 65535.');
    expect(messageOf(portRule(), 'http')).toBe('A number is required.');
    expect(messageOf(portRule(), '80.5')).toBe('A number is required.');
  });
});

describe('contact rules', () => {
  it('takes mainland mobile numbers only', () => {
    expect(messageOf(mobileRule(), '13800138000')).toBeNull();
    expect(messageOf(mobileRule(), '23800138000')).toMatch(/mobile number/);
    expect(messageOf(mobileRule(), '1380013800')).toMatch(/mobile number/);
    expect(messageOf(mobileRule(), '')).toBe('Phone number required');
  });
  it('takes e-mail addresses', () => {
    expect(messageOf(emailRule(), 'ops@city.cn')).toBeNull();
    expect(messageOf(emailRule(), 'ops@city')).toBe('A valid e-mail address is required');
  });
});

describe('ranges and coordinates', () => {
  it('names the range in its message', () => {
    expect(messageOf(intRange(60, 3600), 30)).toBe('Allowed range: 60 - 3600.');
    expect(messageOf(intRange(60, 3600), 30, 'zh_CN')).toBe('允许的取值范围：60 - 3600。');
  });
  it('asks for a valid coordinate', () => {
    expect(coordinate().parse({ lng: '119.500810', lat: '32.1692833' })).toEqual({ lng: 119.50081, lat: 32.1692833 });
    expect(messageOf(coordinate(), { lng: 200, lat: 0 })).toBe('A valid coordinate is required.');
    expect(messageOf(coordinate(), { lng: 'east', lat: 0 })).toBe('A valid coordinate is required.');
  });
});

describe('sign-in and password forms', () => {
  it('has the messages of spec 000 §5', () => {
    expect(messageOf(loginBody, {})).toBe('Account required');
    expect(messageOf(loginBody, { account: 'admin', password: '', identifyCode: 'abcdef' })).toBe('Password required');
    expect(messageOf(loginBody, { account: 'admin', password: 'secret', identifyCode: '' })).toBe(
      'Identity code required',
    );
    expect(messageOf(loginBody, { account: 'ad', password: 'secret', identifyCode: 'abcdef' })).toBe('3-16 characters');
  });
  it('asks for a consistent confirmation', () => {
    expect(messageOf(changePasswordForm, { password: 'abc123', confirm: 'abc124' })).toBe('The passwords must match');
    expect(messageOf(changePasswordForm, { password: 'abc123', confirm: 'abc123' })).toBeNull();
  });
});

describe('ids (issue 11: the int4 range of the tables)', () => {
  it('accepts 1 to 2,147,483,647 and refuses the rest with the localised invalid-parameter message', () => {
    expect(idParam().parse('2147483647')).toBe(MAX_ID);
    expect(messageOf(idParam(), '2147483648')).toBe('A valid parameter is required.');
    expect(messageOf(idParam(), '9007199254740993', 'zh_CN')).toBe('请输入有效的参数。');
    expect(messageOf(idParam(), '0')).toBe('A valid parameter is required.');
    expect(messageOf(listedId(), MAX_ID + 1)).toBe('A valid parameter is required.');
    expect(listedId().parse(MAX_ID)).toBe(MAX_ID);
  });
});
