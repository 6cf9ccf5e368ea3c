/** jsdom lacks APIs antd relies on (responsive observers, resize-driven layout). */
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { followLanguage } from '../i18n/dayjs-locale';
import { loadFamilyTexts } from '../i18n/family-texts';
import { changeLang, loadLanguage } from '../i18n/i18n';

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

// jsdom has no canvas: its getContext says "not implemented" and answers null, and ECharts throws on
// that from inside a frame callback, into whichever test runs then. A context that draws nothing lets the
// charts render their DOM; a test that wants no canvas spies getContext to answer null.
const canvasless = window as unknown as { canvasStubbed?: boolean };
if (!canvasless.canvasStubbed) {
  canvasless.canvasStubbed = true;
  const gradient = { addColorStop: () => {} };
  const answers: Record<string, (...args: never[]) => unknown> = {
    measureText: (text: string) => ({
      width: String(text).length * 7,
      actualBoundingBoxAscent: 10,
      actualBoundingBoxDescent: 2,
    }),
    getImageData: (_x: number, _y: number, w: number, h: number) => ({
      width: w,
      height: h,
      data: new Uint8ClampedArray(w * h * 4),
    }),
    createImageData: (w: number, h: number) => ({ width: w, height: h, data: new Uint8ClampedArray(w * h * 4) }),
    createLinearGradient: () => gradient,
    createRadialGradient: () => gradient,
    createPattern: () => ({}),
    getLineDash: () => [],
    getTransform: () => ({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 }),
    isPointInPath: () => false,
  };
  HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement) {
    const state: Record<string | symbol, unknown> = { canvas: this };
    return new Proxy(state, {
      get: (target, key) => (key in target ? target[key] : (answers[key as string] ?? (() => undefined))),
      set: (target, key, value) => {
        target[key] = value;
        return true;
      },
    });
  } as unknown as HTMLCanvasElement['getContext'];
  HTMLCanvasElement.prototype.toDataURL = () => 'data:image/png;base64,';
}

// jsdom computes a style by matching every rule antd injected (thousands) against the element, and
// role queries and user-event's pointer checks ask for the style of every element and its ancestors,
// again and again while a test waits. A style is kept until the document changes in any way (the
// pending mutation records are taken synchronously, so no change is ever missed). The pseudo-element
// argument is dropped: antd measures scrollbars through it, which jsdom does not implement.
// The files of a worker share one window (the suite runs without isolation) and this file runs for each:
// the cache goes in once.
const styled = window as unknown as { styleCached?: boolean };
if (!styled.styleCached) {
  styled.styleCached = true;
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
}

// CI runs the web suite beside the server suites on 2 cores: a screen may take seconds to settle
// there, so the queries wait up to 5 s (a failing test still fails, only later).
configure({ asyncUtilTimeout: 5000 });

// React's warning that a component was updated while another rendered is a bug of ours (a store told
// in the middle of a render), not noise, and so is antd's "Warning: …" (a prop or a form misused): the
// test that causes one fails.
const guarded = window as unknown as { consoleWarnings?: string[] };
if (!guarded.consoleWarnings) {
  const found: string[] = [];
  guarded.consoleWarnings = found;
  const error = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && /^(Cannot update a component|Warning: )/.test(args[0])) {
      let i = 1;
      found.push(args[0].replace(/%s/g, () => String(args[i++])).split('. To locate')[0]!);
    }
    error(...args);
  };
}

afterEach(() => {
  const updates = guarded.consoleWarnings?.splice(0) ?? [];
  if (updates.length > 0) throw new Error(`The console warned: ${updates[0]}`);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// The files of a worker share its window and modules: each starts in the default language, and what one
// spied on, stubbed or faked ends with it.
beforeAll(() => changeLang('zh_CN'));
afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// The console loads a language's texts before it renders or switches, and the families' texts with its
// frame (a route loader); screens rendered on their own in a test find both languages already there.
await Promise.all([loadLanguage('zh_CN'), loadLanguage('en_US'), loadFamilyTexts()]);
followLanguage();
