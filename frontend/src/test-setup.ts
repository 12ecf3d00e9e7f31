import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// The app's texts (issue 33): the browser's i18next instance, in English (main.tsx loads it first in the app).
import './i18n';

// Each test starts from an empty document (vitest runs without globals, so RTL cannot do it itself).
afterEach(() => cleanup());

// findBy* and waitFor give up after 5 s instead of 1 s: a page's first render under a loaded
// machine (the test's lazy page modules and Mantine compiled on first use) took 1.7 s once. A
// passing test does not wait any longer for it.
configure({ asyncUtilTimeout: 5_000 });

// Node 25 and later define their own `localStorage` and `sessionStorage` on the global object,
// without methods unless Node runs with --localstorage-file. vitest's jsdom environment copies a
// window property only when the global lacks it, so the app (which keeps the ids it shows in
// localStorage) would meet Node's empty one. Put jsdom's own Storage objects back, from the JSDOM
// instance vitest exposes.
const jsdomWindow = (globalThis as { jsdom?: { window: Window } }).jsdom?.window;
for (const name of ['localStorage', 'sessionStorage'] as const) {
  if (jsdomWindow && typeof globalThis[name]?.getItem !== 'function')
    Object.defineProperty(globalThis, name, { value: jsdomWindow[name], configurable: true, writable: true });
}

// Mantine reads these browser APIs that jsdom lacks.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// Mantine's combobox scrolls the selected option into view when a Select opens.
Element.prototype.scrollIntoView ??= () => undefined;
// jsdom has window.scrollTo but only reports "Not implemented"; the pager scrolls to the top.
window.scrollTo = () => undefined;
