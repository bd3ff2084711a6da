import { navigate } from 'wouter/use-browser-location';
import { useTranslation } from 'react-i18next';
import { entityPath, type EntityDef } from '../../registry';
import { listFilterString } from '../api/entities';
import { EntityFormModal } from '../form/form-modal';
import { CardList } from './card-list';
import { CardEditSlot, GridCell, GridEditBar, gridCellProps, type GridEdit } from '../grid';
import { BulkMoves } from '../moves/bulk-moves';
import { BulkEdit } from '../moves/bulk-edit';
import { RecordPeek } from '../record/record-peek';
import { ListTable } from './list-table';
import { ListToolbar } from './list-toolbar';
import { ListFoot } from './list-foot';
import { listUnderForm, useListController } from './use-list-controller';

/**
 * The generic list of every entity: server-side sort, filter and search, keyset pages fetched as the
 * user scrolls, windowed rows, and a keyboard path to everything (j/k, Enter, e, x, c, /). Its search, sort and
 * filters live in the address; `view` (a segment of the entity's views: "missed") fixes the view's filters. The
 * selected rows take the entity's workflow moves (the bulk bar after the table, and the palette's move commands).
 * What it knows and does is the list controller's (use-list-controller.ts); this lays out its views: the table, or
 * on a phone the cards, the toolbar, the foot, the peek and the bulk bars.
 */
export function EntityListScreen({ def, modal, view }: { def: EntityDef; modal?: { mode: 'create' } | { mode: 'update'; id: number }; view?: string }) {
  const { t } = useTranslation();
  const list = useListController(def, view, { modal: Boolean(modal) });
  const { pages, rows, total, peeked, moves, viewAction, scroller, bulk, focusGrid } = list;

  return (
    <section className="list-screen" aria-labelledby="list-title">
      <div className="page-head">
        <h1 id="list-title">{list.title}</h1>
        {list.mayAdd && <button className="btn btn-primary" onClick={list.openCreate}>+ {t('list.add')} <kbd>c</kbd></button>}
      </div>
      <ListToolbar list={list} />
      <div className="list-body">
      <div className="grid">
        <div className="grid-scroll" ref={scroller}>
          {/* Columns keep a readable width: on a narrow screen the table scrolls sideways instead of squeezing them to
              nothing, inside this scroller (the page never scrolls sideways), with the checkbox and first column pinned. */}
          {/* The grid holds the focus and points at its highlighted row (aria-activedescendant is a grid's, not a tbody's).
              It is busy while its rows are on their way: the rows and count shown may still be the last search's. */}
          {list.narrow ? <CardList list={list} below={(row, i) => <CardEditSlot grid={list.cells} row={row} focused={i === list.focused} />} />
            : <ListTable list={list} renderCell={(field, row, shown) => <GridCell grid={list.cells} row={row} field={field}>{shown}</GridCell>}
              cellProps={(field, row, focusedRow) => gridCellProps(list.cells, row, field, focusedRow)} />}
          {!pages.loading && !pages.error && rows.length === 0 && <p style={{ padding: 16 }}>{t('list.empty')}</p>}
          {pages.error && <p className="alert alert-error" role="alert">{t('list.failed')} {pages.error} <button className="btn" onClick={pages.retry}>{t('list.retry')}</button></p>}
        </div>
        <GridEditBar grid={list.cells} focusedRow={list.focusedRow} rows={rows} />
        <ListFoot list={list} />
      </div>
      {peeked && viewAction && (
        <RecordPeek def={def} row={peeked} href={entityPath(def, viewAction, peeked.id, list.peekedStatus)} onClose={list.closePeek} />
      )}
      </div>
      {moves.length > 0 && (
        // While a record is peeked its own moves (in the peek) are the ones the keys and commands make.
        <BulkMoves handle={bulk} def={def} moves={moves} selected={peeked ? [] : list.selectedRows} focused={peeked ? undefined : list.focusedRow}
          onFinished={list.unselect} onDismiss={focusGrid} />
      )}
      {(list.mayEdit || list.mayDelete) && (
        <BulkEdit def={def} mayEdit={list.mayEdit} mayDelete={list.mayDelete}
          selection={{ rows: list.selectedRows, ...(list.allMatching && total ? { matching: { filter: listFilterString(list.query), count: total.n } } : {}) }}
          onFinished={(done) => { list.unselect(done); focusGrid(); }} />
      )}
      {modal && (
        <EntityFormModal def={def} mode={modal.mode} id={modal.mode === 'update' ? modal.id : undefined} {...(modal.mode === 'update' ? formOnHeld(list.cells, modal.id, t) : {})}
          onClose={() => navigate(listUnderForm(def))} />
      )}
    </section>
  );
}

/**
 * `e` on a row whose cells are held: the form opens with them as its draft, and its save takes them out of the list's
 * held changes; closed without saving, they stay held in the list (never dropped unseen).
 */
function formOnHeld(grid: GridEdit, id: number, t: (key: string) => string) {
  const draft = grid.formDraft(id);
  return draft ? { draft: { ...draft, note: t('grid.formDraft') }, onSaved: () => grid.savedInForm(id) } : {};
}
