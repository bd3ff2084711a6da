import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { entityByName, entityPath } from '../../registry';
import { errorText } from '../api/error-text';
import { homeFigures, type Figure } from '../api/home';
import { session } from '../state/session';
import { openPaletteShortcutLabel } from '../shell/hotkeys';

/** /dashboard: live figures of what the role may list (api/home.ts). */
export function Home() {
  const { t, i18n } = useTranslation();
  const { user } = useSnapshot(session);
  const [figures, setFigures] = useState<Figure[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    homeFigures().then((f) => { if (live) setFigures(f); }, (err: unknown) => { if (live) setError(errorText(err)); });
    return () => { live = false; };
  }, []);
  const nf = new Intl.NumberFormat(i18n.language);
  return (
    <section aria-labelledby="home-title">
      <div className="page-head"><h1 id="home-title">{t('home.welcome', { name: user?.firstName ?? '' })}</h1></div>
      {/* About a shortcut: not shown on a touch screen (styles.css), where the search box above says what it does. */}
      <p className="key-hint">{t('home.intro', { keys: openPaletteShortcutLabel() })}</p>
      <h2>{t('home.figures')}</h2>
      {error && <p className="alert alert-error" role="alert">{t('home.failed')} {error}</p>}
      {!figures && !error && <p role="status">{t('app.loading')}</p>}
      <div className="cards">
        {figures?.map((f) => {
          const def = entityByName(f.entity);
          if (!def) return null;
          return (
            <Link key={f.entity} href={entityPath(def)} className="figure">
              <strong>{f.estimate ? t('home.estimate', { count: nf.format(f.count) as unknown as number }) : nf.format(f.count)}</strong>
              {t(`${def.name}.other`, { ns: 'entities' })}
            </Link>
          );
        })}
      </div>
    </section>
  );
}
