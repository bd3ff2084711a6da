import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entities } from '../api/entities';
import { errorText } from '../api/error-text';
import { Modal } from '../ui/modal';
import type { RecordDocument } from './record-documents';
import './document-viewer.css';

/**
 * A record's documents beside it (a verification's certificates): one button per document, Enter opens it in a viewer
 * dialog (an image as an image, a PDF in the browser's own viewer), Esc closes it and focus comes back to its button.
 * The file is read with the session's token (the content store answers only to those who may read the record) and
 * shown from a blob: address. `opened` is what this visit of the page has opened; a review waits for all of them.
 */
export function DocumentsPanel({ docs, opened, onOpened }: {
  docs: RecordDocument[]; opened: ReadonlySet<string>; onOpened: (address: string) => void;
}) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<RecordDocument | null>(null);
  if (!docs.length) return null;
  const count = docs.filter((d) => opened.has(d.address)).length;
  return (
    <section className="documents no-print" aria-labelledby="documents-title">
      <h2 id="documents-title">{t('documents.title')}</h2>
      <p className="hint" id="documents-progress">{t('documents.progress', { opened: count, count: docs.length })}</p>
      <ul>
        {docs.map((d) => {
          const seen = opened.has(d.address);
          return (
            <li key={d.address}>
              <button type="button" className={`btn doc-button${seen ? ' doc-seen' : ''}`} onClick={() => setViewing(d)}>
                <span className="doc-kind" aria-hidden="true">{d.kind === 'pdf' ? 'PDF' : d.kind === 'image' ? 'IMG' : 'FILE'}</span>
                <span className="doc-title">{d.title}</span>
                <span className="doc-state">{seen ? `✓ ${t('documents.opened')}` : t('documents.notOpened')}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {viewing && <DocumentDialog doc={viewing} onShown={() => onOpened(viewing.address)} onClose={() => setViewing(null)} />}
    </section>
  );
}

type Shown = { url: string; kind: RecordDocument['kind'] } | { error: string } | null;

/** One document in a dialog, read once it opens; its blob: address is given back when it closes. */
function DocumentDialog({ doc, onShown, onClose }: { doc: RecordDocument; onShown: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown>(null);
  useEffect(() => {
    const ctl = new AbortController();
    let url: string | undefined;
    entities.file(doc.address, ctl.signal).then((blob) => {
      // Typed by its stored name, as the upload route recognised it: a frame is given a PDF and nothing else.
      const typed = doc.kind === 'pdf' ? new Blob([blob], { type: 'application/pdf' }) : blob;
      url = URL.createObjectURL(typed);
      setShown({ url, kind: doc.kind });
      onShown();
    }, (err: unknown) => { if (!ctl.signal.aborted) setShown({ error: errorText(err) }); });
    return () => { ctl.abort(); if (url) URL.revokeObjectURL(url); };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc.address, doc.kind]);

  return (
    <Modal title={doc.title} onClose={onClose} className="document-dialog" describedBy="document-status">
      <div className="body document-body">
        {!shown && <p role="status" id="document-status">{t('documents.loading')}</p>}
        {shown && 'error' in shown && <p className="alert alert-error" role="alert" id="document-status">{t('documents.failed')} {shown.error}</p>}
        {shown && 'url' in shown && shown.kind === 'image' && <img className="document-image" src={shown.url} alt={doc.title} />}
        {shown && 'url' in shown && shown.kind === 'pdf' && (
          // Not in the Tab order: keys stay with the dialog, so Esc closes it; the PDF scrolls with the mouse or a touch.
          <iframe className="document-frame" src={shown.url} title={doc.title} tabIndex={-1} />
        )}
        {shown && 'url' in shown && shown.kind === 'other' && <p id="document-status">{t('documents.cannotShow')}</p>}
      </div>
      <footer>
        <span className="hint">{t('documents.closeHint')}</span>
        <button type="button" className="btn" data-autofocus onClick={onClose}>{t('app.close')} <kbd>Esc</kbd></button>
      </footer>
    </Modal>
  );
}
