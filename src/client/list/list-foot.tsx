import { useTranslation } from 'react-i18next';
import { PEEK_KEY } from '../../../commands';
import { DeletedNote } from '../live/live-notes';
import type { ListController } from './use-list-controller';

/** Under the list: the total (or its estimate), a note when a shown record was deleted elsewhere, and the keys' hint. */
export function ListFoot({ list }: { list: ListController }) {
  const { t } = useTranslation();
  const { total, moves, viewAction, mayDelete } = list;
  const loading = list.pages.loading;
  return (
    <div className="grid-foot" aria-live="polite">
      <span>{total ? (total.estimate ? t('list.totalEstimate', { count: total.n }) : t('list.total', { count: total.n })) : ''}</span>
      <DeletedNote def={list.def} />
      {/* Its keys are a key hint, hidden on touch screens (styles.css); "Loading more…" is not one. */}
      <span id="list-resize-keys" hidden>{t('columns.resizeKeys')}</span>
      <span id="list-keys" className={loading ? undefined : 'key-hint'}>{!loading && !list.find.armed ? t('typeToFind.hint') : ''}{loading ? t('list.loadingMore') : !moves.length ? t('list.keyboardHint') : viewAction ? t('workflow.keyboardHint') : t('workflow.keyboardHintRows')}{!loading && mayDelete ? t('list.deleteHint') : ''}{!loading && viewAction ? t('list.peekHint', { key: PEEK_KEY.keys }) : ''}</span>
    </div>
  );
}
