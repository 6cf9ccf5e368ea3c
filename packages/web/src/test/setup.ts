/** jsdom lacks APIs antd relies on (responsive observers, resize-driven layout). */
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { followLanguage } from '../i18n/dayjs-locale';
import { loadFamilyTexts } from '../i18n/family-texts';
import { loadLanguage } from '../i18n/i18n';

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}

// jsdom computes a style by matching every rule antd injected (thousands) against the element, and
// role queries and user-event's pointer checks ask for the style of every element and its ancestors,
// again and again while a test waits. A style is kept until the document changes in any way (the
// pending mutation records are taken synchronously, so no change is ever missed). The pseudo-element
// argument is dropped: antd measures scrollbars through it, which jsdom does not implement.
const computed = window.getComputedStyle.bind(window);
let current = new WeakMap<Element, CSSStyleDeclaration>();
const changes = new MutationObserver(() => {});
changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
window.getComputedStyle = (elt: Element) => {
  if (changes.takeRecords().length > 0) current = new WeakMap();
  let style = current.get(elt);
  if (!style) {
    style = computed(elt);
    current.set(elt, style);
  }
  return style;
};

// CI runs the web suite beside the server suites on 2 cores: a screen may take seconds to settle
// there, so the queries wait up to 5 s (a failing test still fails, only later).
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// The console loads a language's texts before it renders or switches, and the families' texts with its
// frame (a route loader); screens rendered on their own in a test find both languages already there.
await Promise.all([loadLanguage('zh_CN'), loadLanguage('en_US'), loadFamilyTexts()]);
followLanguage();
