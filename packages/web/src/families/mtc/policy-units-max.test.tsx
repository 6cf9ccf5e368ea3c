import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLang } from '../../i18n/i18n';
import { frameAnswers, TREE } from '../../pages/man/projectlist/test-fixtures';
import { guardRawText } from '../../test/raw-guard';
import { mockFetch, renderWithApp } from '../../test/render';
import CabinetPolicyPage from './policy-page';
import { BASE, POLICY, page, setUp, tearDown } from './test-fixtures';

const PATH = '/pjt/pjtdevicemtcpolicy';

beforeEach(setUp);
afterEach(tearDown);

/** The running parameters name policyUnitsMax 3 (the setting the server checks): the form stops at it. */
function serveWithMax(max: number) {
  return mockFetch((call) => {
    const frame = frameAnswers(PATH, 5, call);
    if (frame && call.url.pathname === '/api/pub/runningparams.do')
      return { json: { ...(frame.json as object), timezone: 8, policyUnitsMax: max } };
    if (frame) return frame;
    if (call.url.pathname === '/api/projects.do/trees') return { json: TREE };
    if (call.url.pathname === `${BASE}/policies`) return { json: page([POLICY]) };
    if (call.url.pathname === `${BASE}/map`) return { json: [] };
    return undefined;
  });
}

guardRawText();

describe('cabinet policy units', () => {
  for (const [lang, full] of [
    ['zh_CN', '最多 3 个时段'],
    ['en_US', 'At most 3 units'],
  ] as const)
    it(`stop at the running policyUnitsMax, not the contract's default 5 (${lang})`, async () => {
      await changeLang(lang);
      serveWithMax(3);
      const user = userEvent.setup();
      renderWithApp(<CabinetPolicyPage />, { path: PATH });
      await screen.findByText('夜间策略');
      await user.click(screen.getByRole('button', { name: lang === 'zh_CN' ? /新\s*增/ : /Add|New/ }));
      await screen.findByTestId('policy-name');
      // A new policy has two units; one more reaches the maximum of 3.
      await user.click(screen.getByTestId('policy-add-unit'));
      expect(await screen.findByText(full)).toBeTruthy();
      expect(screen.getByTestId('policy-add-unit').hasAttribute('disabled')).toBe(true);
    }, 60_000);
});
