import { useTranslation } from 'react-i18next';
import type { EntityDef, Transition } from '../../registry';
import { sayRecord } from '../api/search';
import type { Row } from '../api/entities';
import { ConfirmAction } from '../ui/confirm-action';
import { moveLabel } from './transition-call';

/**
 * Asks before a move that cannot be taken back (`move.irreversible`: a completion that issues a tax invoice), naming
 * the record ("Complete payment: Kali Prajapat · ₹800 · PAY-2026-000812?") or the rows, and what follows from it.
 */
export function MoveConfirm({ def, move, rows, onConfirm, onClose }: {
  def: EntityDef; move: Transition; rows: Row[]; onConfirm: () => void; onClose: () => void;
}) {
  const { t } = useTranslation();
  const label = moveLabel(t, def, move, true);
  const named = rows.map((r) => sayRecord(def, r));
  return (
    <ConfirmAction title={label} onClose={onClose} onConfirm={onConfirm}
      question={rows.length === 1 ? t('moveConfirm.one', { move: label, record: named[0] }) : t('moveConfirm.many', { move: label, count: rows.length })}
      items={rows.length > 1 ? named : []} note={move.irreversible && t(`irreversible.${move.irreversible}`)} />
  );
}
