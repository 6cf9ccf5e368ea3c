import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { changeLang } from '../../i18n/i18n';
import type { Answer } from '../../test/family-page';
import { renderWithApp } from '../../test/render';
import { serveScreen } from '../device/family-testing';

/**
 * Tests a family's policy screen shares: the editor stops adding units at the running setting
 * policyUnitsMax (not the contract's default), in both languages.
 */
export function describePolicyUnitsMax(
  title: string,
  o: {
    path: string;
    page: () => ReactElement;
    /** The running parameters besides policyUnitsMax (a cabinet's time zone). */
    running?: Record<string, unknown>;
    /** The screen's own calls (the frame's and the project tree are answered). */
    answers: (pathname: string) => Answer;
    /** The words once the list is full, by language. */
    full: readonly (readonly ['zh_CN' | 'en_US', string])[];
    /** What the screen shows once loaded, before the create button is pressed. */
    ready?: () => Promise<unknown>;
    /** Checks the words shown once the list is full. */
    expectFull: (text: string) => Promise<void>;
  },
) {
  /** The running parameters name policyUnitsMax (the setting the server checks): the form stops at it. */
  const serveWithMax = (max: number) =>
    serveScreen(o.path, (call) => o.answers(call.url.pathname), { running: { ...o.running, policyUnitsMax: max } });
  describe(title, () => {
    for (const [lang, full] of o.full)
      it(`stop at the running policyUnitsMax, not the contract's default 5 (${lang})`, async () => {
        await changeLang(lang);
        serveWithMax(3);
        const user = userEvent.setup();
        renderWithApp(o.page(), { path: o.path });
        await o.ready?.();
        await user.click(await screen.findByRole('button', { name: lang === 'zh_CN' ? /新\s*增/ : /Add|New/ }));
        await screen.findByTestId('policy-name');
        // A new policy has two units; one more reaches the maximum of 3.
        await user.click(screen.getByTestId('policy-add-unit'));
        await o.expectFull(full);
        expect(screen.getByTestId('policy-add-unit').hasAttribute('disabled')).toBe(true);
      }, 60_000);
  });
}

type User = ReturnType<typeof userEvent.setup>;

/** Once the list shows `ready`, opens a new policy and types its name and number. */
export async function startPolicy(user: User, ready: string, names: { name: string; no: string }) {
  await screen.findByText(ready);
  await user.click(screen.getByRole('button', { name: /新\s*增/ }));
  await user.type(await screen.findByTestId('policy-name'), names.name);
  await user.type(screen.getByTestId('policy-no'), names.no);
}

/** Types a unit's offset in minutes (the field marked, or the number input inside it). */
export async function typeUnitOffset(user: User, index: number, minutes: string) {
  const marked = screen.getByTestId(`policy-unit-${index}-offset`);
  const offset = marked.tagName === 'INPUT' ? marked : within(marked).getByRole('spinbutton');
  await user.clear(offset);
  await user.type(offset, minutes);
}
