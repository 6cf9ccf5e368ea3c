import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLang } from '../../i18n/i18n';
import { frameAnswers, TREE } from '../../pages/man/projectlist/test-fixtures';
import { guardRawText } from '../../test/raw-guard';
import { mockFetch, renderWithApp } from '../../test/render';
import PolicyPage from './policy-page';
import { BASE, DEVICES, GROUPS, setUp, tearDown } from './test-fixtures';

const PATH = '/pjt/pjtdevicelightingpolicy';

beforeEach(setUp);
afterEach(tearDown);

/** The running parameters name policyUnitsMax 3 (the setting the server checks): the form stops at it. */
function serveWithMax(max: number) {
  return mockFetch((call) => {
    const frame = frameAnswers(PATH, 5, call);
    if (frame && call.url.pathname === '/api/pub/runningparams.do')
      return { json: { ...(frame.json as object), policyUnitsMax: max } };
    if (frame) return frame;
    const { pathname } = call.url;
    if (pathname === '/api/projects.do/trees') return { json: TREE };
    if (pathname === '/api/pjts/2/devices.do/family') return { json: DEVICES };
    if (pathname === `${BASE}/policies`) return { json: { list: [], total: 0, page: 1, pageSize: 25 } };
    if (pathname === `${BASE}/groups`) return { json: GROUPS };
    return undefined;
  });
}

guardRawText();

describe('lamp policy units', () => {
  for (const [lang, full] of [
    ['zh_CN', '已达到最大步骤数 3'],
    ['en_US', 'The maximum of 3 steps is reached'],
  ] as const)
    it(`stop at the running policyUnitsMax, not the contract's default 5 (${lang})`, async () => {
      await changeLang(lang);
      serveWithMax(3);
      const user = userEvent.setup();
      renderWithApp(<PolicyPage />, { path: PATH });
      const add = await screen.findByRole('button', { name: lang === 'zh_CN' ? /新\s*增/ : /Add|New/ });
      await user.click(add);
      await screen.findByTestId('policy-name');
      // A new policy has two units; one more reaches the maximum of 3.
      await user.click(screen.getByTestId('policy-add-unit'));
      expect((await screen.findByTestId('policy-max-units')).textContent).toBe(full);
      expect(screen.getByTestId('policy-add-unit').hasAttribute('disabled')).toBe(true);
    }, 60_000);
});
