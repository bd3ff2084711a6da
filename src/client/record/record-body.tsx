import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityDef } from '../../registry';
import type { Row } from '../api/entities';
import { FieldValue } from '../text/field-value';
import { RecordMoves } from './record-moves';
import { DocumentsPanel } from './document-viewer';
import { documentsOf } from './record-documents';
import { StatusHistory } from './status-history';
import { InvoiceDocument } from './invoice-document';
import { CampaignReach } from './campaign-reach';
import { useFormat } from '../i18n/format';
import { contribute } from '../state/screen';
import { recordRef } from './record-ref';
import { loadScreenStrings } from '../i18n';

/** A rule's last runs speak as the Runs screen does (the screens' strings): both come with the first rule shown. */
const RuleRuns = lazy(() => Promise.all([import('./rule-runs'), loadScreenStrings()]).then(([m]) => ({ default: m.RuleRuns })));

/**
 * What a record's page shows under its heading: the moves its status allows, every readable field (an invoice as its
 * document), its documents and its status history. The details page and the list's peek both show a record through
 * this, so the two never disagree on what a role sees. What this showing of the record opened (a verification's
 * documents) is kept here, for a review's move to wait on (record-moves.tsx); another record starts again.
 */
export function RecordBody({ def, row, onReload }: { def: EntityDef; row: Row; onReload: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const id = row.id;
  const documents = useMemo(() => documentsOf(def, row), [def, row]);
  const [opened, setOpened] = useState<{ id: number; seen: ReadonlySet<string> }>({ id, seen: new Set() });
  const seen = opened.id === id ? opened.seen : new Set<string>();
  const markOpened = (address: string) => setOpened((o) => ({ id, seen: new Set([...(o.id === id ? o.seen : []), address]) }));
  // The record the commands act on (its moves, `.`): after its move bar's own contribution, a child's effect running first.
  useEffect(() => contribute('record', { entity: def.name, record: recordRef(def, row) }), [def, row]);
  return (
    <>
      {def.workflow && <RecordMoves def={def} row={row} onReload={onReload} documents={documents} opened={seen} />}
      {def.name === 'invoices' ? <InvoiceDocument row={row} /> : (
        <div className={documents.length ? 'details-with-documents' : undefined}>
          <dl className="details">
            {Object.keys(def.fields).map((field) => (
              <div key={field} style={{ display: 'contents' }}>
                <dt>{t(`${def.name}.fields.${field}`, { ns: 'entities' })}</dt>
                <dd><FieldValue def={def} field={field} row={row} full /></dd>
              </div>
            ))}
            <dt>{t('details.created')}</dt><dd>{f.moment(String(row.createdAt))}</dd>
            <dt>{t('details.updated')}</dt><dd>{f.moment(String(row.updatedAt))}</dd>
            <dt>{t('details.version')}</dt><dd>{row.version}</dd>
          </dl>
          <DocumentsPanel docs={documents} opened={seen} onOpened={markOpened} />
        </div>
      )}
      {def.name === 'notification' && <CampaignReach id={id} status={row.status} />}
      {def.name === 'automation' && <Suspense fallback={null}><RuleRuns id={id} /></Suspense>}
      {def.workflow && <StatusHistory def={def} id={id} version={row.version} />}
    </>
  );
}
