import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../ui/modal';

/** How an export writes its values: as the screen shows them (for people), or as the API stores them (for machines). */
export type ExportValues = 'shown' | 'raw';
const CHOICES: readonly ExportValues[] = ['shown', 'raw'];

/** The last choice made, offered first next time (a user who feeds another program wants raw again). */
let lastChoice: ExportValues = 'shown';

/**
 * Asked before an export starts: its values as shown (dates in the user's order and time zone, labels, rupees, in
 * the user's language) or raw (ISO dates, enum values, plain numbers). Keyboard first: the choice has the focus, the
 * arrows change it, Enter exports, Esc leaves without exporting.
 */
export function ExportChoice({ title, onExport, onClose }: { title: string; onExport: (values: ExportValues) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ExportValues>(lastChoice);
  const go = () => { lastChoice = values; onExport(values); };
  return (
    <Modal title={title} onClose={onClose} describedBy="export-choice-legend" className="export-choice">
      <form noValidate style={{ display: 'contents' }}
        onSubmit={(e) => { e.preventDefault(); go(); }}
        onKeyDown={(e) => {
          // Enter on the choice itself exports, as it would in a text field.
          if (e.key === 'Enter' && (e.target as HTMLInputElement).type === 'radio') { e.preventDefault(); go(); }
        }}>
        <div className="body">
          <fieldset>
            <legend id="export-choice-legend">{t('exportCsv.valuesLegend')}</legend>
            {CHOICES.map((c) => (
              <div className="field-radio" key={c}>
                <input type="radio" id={`export-values-${c}`} name="export-values" value={c} checked={values === c}
                  data-autofocus={values === c ? '' : undefined} aria-describedby={`export-values-${c}-hint`}
                  onChange={() => setValues(c)} />
                <label htmlFor={`export-values-${c}`}>{t(`exportCsv.values.${c}`)}</label>
                <span className="hint" id={`export-values-${c}-hint`}>{t(`exportCsv.values.${c}Hint`)}</span>
              </div>
            ))}
          </fieldset>
        </div>
        <footer>
          <button type="button" className="btn" onClick={onClose}>{t('form.cancel')}</button>
          <button type="submit" className="btn btn-primary">{t('exportCsv.export')} <kbd>Enter</kbd></button>
        </footer>
      </form>
    </Modal>
  );
}
