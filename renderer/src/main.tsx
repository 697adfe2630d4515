import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { currentLanguage, initI18n } from './i18n/index.ts';
import { prepareFormatters } from './i18n/translate.ts';
import { prerenderFits } from './prerender/prerenderFits.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Asked before the app starts: starting it remembers the language and sets <html lang>.
const takeOver = container.firstElementChild !== null && prerenderFits();

// The active language's file arrives before the first render: no untranslated flash.
await initI18n();

// The rest of the start in tasks of its own, so that a phone's main thread is never held long
// at once (each task past 50 ms counts as blocking): a language's first Intl objects take some
// 50 ms on a phone, made here rather than in the middle of the first render.
const nextTask = () => new Promise((resolve) => setTimeout(resolve));
await nextTask();
prepareFormatters(currentLanguage());
await nextTask();

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

if (takeOver) {
  // The page the server sent pre-rendered (scripts/prerender.ts) stays on screen and the app
  // takes it over as it is; parts whose code comes later are taken over when it has come.
  hydrateRoot(container, app);
} else {
  // No pre-rendered page (the desktop app, the app's own fallback page), or one in another
  // language than this visitor's, or one the age gate must cover: rendered afresh. The boot
  // script (src/prerender/boot.ts) kept the latter hidden; it shows once rendered.
  const root = createRoot(container);
  flushSync(() => root.render(app));
  document.documentElement.style.visibility = '';
}
