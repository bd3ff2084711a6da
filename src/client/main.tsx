import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import './styles.css';
import { App } from './app';
import { applyCachedPrefs } from './state/prefs';
import { restoreSession } from './state/session';

applyCachedPrefs();
void restoreSession();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
