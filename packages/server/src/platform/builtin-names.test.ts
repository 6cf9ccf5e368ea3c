import { I18N_RESOURCES } from '@sc/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROLE, ROOT_PROJECT } from '../db/bootstrap.js';
import { GENERIC_FACTORY } from '../modules/base/builtin-base-data.sync.js';
import { builtinNames, delocaliseBuiltinNames, localiseBuiltins } from './builtin-names.js';

describe('built-in names in the reader’s language', () => {
  it('knows every name the system creates in Chinese', () => {
    const names = builtinNames('en_US');
    expect(names.get(ROOT_PROJECT.name)).toBe(I18N_RESOURCES.en_US.labels.builtin.rootProject);
    expect(names.get(ADMIN_ROLE.name)).toBe(I18N_RESOURCES.en_US.labels.builtin.adminRole);
    expect(names.get(GENERIC_FACTORY.name)).toBe(I18N_RESOURCES.en_US.labels.builtin.genericFactory);
    expect(names.get(I18N_RESOURCES.zh_CN.families.types.camera)).toBe(I18N_RESOURCES.en_US.families.types.camera);
  });

  it('replaces whole values at any depth and leaves typed names and the rest untouched', () => {
    const names = builtinNames('en_US');
    const page = {
      list: [
        { id: 1, name: '系统管理员', projectName: '智慧城市平台', note: '系统管理员的备注' },
        { id: 2, name: '东区管理员', at: '2026-11-22T10:00:00.000Z' },
      ],
      total: 2,
    };
    const shown = localiseBuiltins(page, names) as typeof page;
    expect(shown.list[0]).toMatchObject({ name: 'System administrator', projectName: 'Smart city platform' });
    expect(shown.list[0].note).toBe('系统管理员的备注');
    expect(shown.list[1]).toBe(page.list[1]);
    expect(page.list[0].name).toBe('系统管理员');
  });

  it('names built-ins back in Chinese in request bodies, in name fields only', () => {
    const back = new Map([...builtinNames('en_US')].map(([zh, en]) => [en, zh]));
    const body = { name: 'System administrator', description: 'System administrator', rows: [{ name: 'Camera' }] };
    delocaliseBuiltinNames(body, back);
    expect(body).toEqual({
      name: ADMIN_ROLE.name,
      description: 'System administrator',
      rows: [{ name: I18N_RESOURCES.zh_CN.families.types.camera }],
    });
  });
});
