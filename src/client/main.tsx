import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import './styles.css';
import { App } from './app';
import { restoreSession } from './api/session';
import { applyPrefs } from './state/prefs';

void restoreSession();
// The first paint is in the user's language: its strings load before it (English is always there).
await applyPrefs().catch(() => undefined);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
