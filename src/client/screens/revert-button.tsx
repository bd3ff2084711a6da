import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { EntityDef } from '../../registry';
import { entities } from '../api/entities';
import { errorText } from '../api/error-text';
import { queryClient } from '../api/query-client';
import { writes } from '../api/writes';

/**
 * Puts back what one edit replaced, from its log entry: a new edit of the record, checked against the version read
 * just now (the server refuses it if the record changed since, or if the edit's fields changed again after it).
 */
export function RevertButton({ def, recordId, entry }: { def: EntityDef; recordId: number; entry: number }) {
  const { t } = useTranslation('screens');
  const [busy, setBusy] = useState(false);
  const revert = async () => {
    if (!window.confirm(t('fmclogs.revertConfirm'))) return;
    setBusy(true);
    try {
      const current = await queryClient.fetchQuery({ queryKey: entities.get(def, recordId).key, queryFn: ({ signal }) => entities.get(def, recordId).fetch(signal), staleTime: 0 });
      await writes.revert(def, recordId, entry, current.version);
      toast.success(t('fmclogs.reverted'));
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <p className="log-revert">
      <button type="button" className="btn" disabled={busy} onClick={() => void revert()}>{busy ? t('fmclogs.reverting') : t('fmclogs.revert')}</button>
    </p>
  );
}
