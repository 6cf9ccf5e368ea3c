import { afterEach, beforeEach } from 'vitest';
import { setIncludeChildren } from '../session/use-current-project';

/**
 * The child-projects switch on around each test, with 根项目甲 (id 1, whose child is 子项目乙) as the
 * current project; `setUp` and `tearDown` are the family's own fixtures.
 */
export function childProjectsSwitchOn(fixtures: { setUp: () => Promise<unknown>; tearDown: () => void }): void {
  beforeEach(async () => {
    await fixtures.setUp();
    sessionStorage.setItem('sc.project', JSON.stringify({ id: 1, name: '根项目甲', userId: 4 }));
    setIncludeChildren(true);
  });
  afterEach(() => {
    fixtures.tearDown();
    localStorage.clear();
    sessionStorage.clear();
  });
}
