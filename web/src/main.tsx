import 'primeicons/primeicons.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { i18nReady } from './lib/i18n.ts';
import { applyTheme, getTheme } from './lib/theme.ts';
import { registerServiceWorker } from './service-worker/register.ts';
// in this order: the shell's and the pages' sheets build on the base one
import './styles/app.css';
import './styles/shell.css';
import './styles/pages.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The theme stylesheet and the interface language's texts are loaded before the first render, so the page never
// shows unstyled or in another language.
registerServiceWorker({ production: import.meta.env.PROD, path: window.location.pathname });

void Promise.allSettled([applyTheme(getTheme()), i18nReady]).finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
