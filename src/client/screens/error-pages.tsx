import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';

/** /404 and the not-found page for routes a role may not open (docs/decisions.md#not-found-for-what-a-role-may-not-open). */
export function NotFound({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation();
  const body = (
    <div className="card" role="alert">
      <h1>{t('errors.notFoundTitle')}</h1>
      <p>{t('errors.notFound')}</p>
      <Link href="/dashboard" className="btn btn-primary">{t('errors.goHome')}</Link>
    </div>
  );
  return embedded ? body : <main className="center-page">{body}</main>;
}

/** /505 (spec §2). */
export function ServerError() {
  const { t } = useTranslation();
  return (
    <main className="center-page">
      <div className="card" role="alert">
        <h1>{t('errors.serverTitle')}</h1>
        <p>{t('errors.server')}</p>
        <Link href="/dashboard" className="btn btn-primary">{t('errors.goHome')}</Link>
      </div>
    </main>
  );
}
