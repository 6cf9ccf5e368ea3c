import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLang } from '../../i18n/i18n';
import { childProjectsSwitchOn } from '../../test/child-projects';
import { guardRawText } from '../../test/raw-guard';
import { renderWithApp } from '../../test/render';
import CabinetPolicyPage from './policy-page';
import { page, serve, setUp, tearDown } from './test-fixtures';

const BASE = '/api/pjts/1/iot/mtc';

/**
 * With the child-projects switch on (current project 根项目甲, whose child is 子项目乙), cabinet policies
 * stay the project's own and say so: the list is asked without `includeChildren`.
 */
childProjectsSwitchOn({ setUp, tearDown });

guardRawText();

describe('cabinet policies with the child-projects switch on', () => {
  for (const lang of ['zh_CN', 'en_US'] as const)
    it(`keep to the project and say so (${lang})`, async () => {
      await changeLang(lang);
      const { calls } = serve('/pjt/pjtdevicemtcpolicy', (call) =>
        call.url.pathname === `${BASE}/policies` ? { json: page([]) } : undefined,
      );
      renderWithApp(<CabinetPolicyPage />, { path: '/pjt/pjtdevicemtcpolicy' });
      const policies = await screen.findByTestId('own-project-note', undefined, { timeout: 20_000 });
      expect(policies.textContent).toContain(
        lang === 'zh_CN' ? '这里只有“根项目甲”自己的策略' : 'Policies are made per project',
      );
      await waitFor(() => expect(calls.some((c) => c.url.pathname === `${BASE}/policies`)).toBe(true));
      expect(calls.find((c) => c.url.pathname === `${BASE}/policies`)!.url.searchParams.has('includeChildren')).toBe(
        false,
      );
    }, 60_000);
});
