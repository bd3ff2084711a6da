import { Component, useEffect, useRef, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  children: ReactNode;
  /** What failed, for the log: a screen's address, a dialog's title. */
  where: string;
  /** A dialog's: Close leaves the failed dialog (a screen has none: the sidebar and the palette go elsewhere). */
  onClose?: () => void;
  /** When it changes (the address), a failure shown is cleared and the new content rendered; nothing is remounted. */
  resetKey?: string;
}

/**
 * Keeps a failure of one screen or one dialog to itself: what React could not render is replaced by a translated
 * message with Retry (reads and renders it again) and, in a dialog, Close; the error is logged; the shell around it (sidebar,
 * top bar, palette, other dialogs) keeps working. Without it an uncaught error anywhere emptied the whole console.
 * The dashboard's routes wrap each screen (going to another address clears a failure) and Modal each dialog.
 */
export class ErrorBoundary extends Component<Props, { error: Error | null; key?: string }> {
  state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key?: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[console] ${this.props.where} failed`, error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return <Failure onRetry={() => void forgetUnusedReads().then(() => this.setState({ error: null }))} onClose={this.props.onClose} />;
  }
}

/**
 * Retry renders again from fresh answers: what failed may be an answer the screen could not render, still cached. The
 * cache loads on demand (it is no part of the console's first load: api/query-client.ts); if it cannot, Retry renders.
 */
const forgetUnusedReads = () => import('../api/query-client').then((m) => m.forgetUnusedReads(), () => undefined);

function Failure({ onRetry, onClose }: { onRetry: () => void; onClose?: () => void }) {
  const { t } = useTranslation();
  const retry = useRef<HTMLButtonElement>(null);
  // The keyboard lands on Retry: the focus was in what failed, which is gone.
  useEffect(() => { retry.current?.focus(); }, []);
  return (
    <div className="alert alert-error failure" role="alert">
      <p><strong>{t('failure.title')}</strong> {t('failure.body')}</p>
      <p>
        <button ref={retry} type="button" className="btn" onClick={onRetry}>{t('failure.retry')}</button>
        {onClose && <> <button type="button" className="btn" onClick={onClose}>{t('failure.close')}</button></>}
      </p>
    </div>
  );
}
