import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
// Straight from its file, not the registry's door: the door is in the first load, and only invoices spell amounts.
import { amountInWords } from '../../registry/amount-in-words';
import { gstinState, invoiceFigures, type EntityDef, type InvoiceLine } from '../../registry';
import { entities, type Row } from '../api/entities';
import { errorText } from '../api/error-text';
import { formatMoney } from '../text/field-value';

/**
 * An invoice as a document, on screen and on paper (the print style sheet hides the console around it and lays it
 * out on A4): the Indian tax invoice the PDF prints (server/routes/invoice-pdf.ts), from the same figures
 * (registry/gst.ts): the seller with GSTIN and state code, number and date, the patient and the place of supply, each
 * line with its SAC, taxable value and CGST + SGST or IGST, the totals in figures and in words. A void invoice says so
 * above everything, with the reason. "Download PDF" fetches the server's PDF of the same invoice.
 */
export function InvoiceDocument({ row }: { row: Row }) {
  const { t, i18n } = useTranslation();
  const f = (field: string) => t(`invoices.fields.${field}`, { ns: 'entities' });
  const item = (field: string) => t(`invoices.items.items.${field}`, { ns: 'entities' });
  const labels = (row._labels ?? {}) as Record<string, string | null>;
  const lines = (row.items as InvoiceLine[] | null) ?? [];
  const interState = Boolean(row.interState);
  const sums = invoiceFigures(lines, interState);
  const heads = interState ? [{ key: 'igst' as const, share: 1 }] : [{ key: 'cgst' as const, share: 0.5 }, { key: 'sgst' as const, share: 0.5 }];
  const date = (v: unknown) => (v ? new Date(String(v)).toLocaleDateString(i18n.language, { day: 'numeric', month: 'long', year: 'numeric' }) : t('details.none'));
  const gstin = row.sellerGstin ? String(row.sellerGstin) : null;
  return (
    <article className="invoice-doc" aria-labelledby="invoice-title">
      {row.status === 'void' && (
        <p className="invoice-void" role="note"><strong>{t('workflow.voidMark')}</strong> {t('workflow.voidedOn', { date: date(row.voidedAt), reason: String(row.voidReason ?? '') })}</p>
      )}
      <header className="invoice-head">
        <div className="invoice-seller">
          {row.sellerName ? <p className="invoice-seller-name">{String(row.sellerName)}</p> : null}
          {row.sellerAddress ? <p>{String(row.sellerAddress)}</p> : null}
          {gstin && <p>GSTIN {gstin} · {t('workflow.stateCode', { code: gstinState(gstin) })}</p>}
        </div>
        <div>
          <h2 id="invoice-title">{t('workflow.invoiceTitle')}</h2>
          <p className="invoice-number">{String(row.number)}</p>
          <dl className="invoice-meta">
            <dt>{f('issuedAt')}</dt><dd>{date(row.issuedAt)}</dd>
            <dt>{f('status')}</dt><dd>{t(String(row.status), { ns: 'enums' })}</dd>
            {row.payment ? <><dt>{f('payment')}</dt><dd>{labels.payment ?? `#${String(row.payment)}`}</dd></> : null}
          </dl>
        </div>
      </header>
      <section className="invoice-party">
        <div>
          <h3>{t('workflow.billedTo')}</h3>
          <p className="invoice-address">{String(row.billedTo ?? labels.patient ?? `#${String(row.patient)}`)}</p>
        </div>
        <div>
          <h3>{f('placeOfSupply')}</h3>
          <p>{String(row.placeOfSupply ?? t('details.none'))}</p>
          <p className="hint">{t(interState ? 'workflow.acrossStates' : 'workflow.withinState')}</p>
        </div>
      </section>
      <table className="invoice-lines">
        <caption className="sr-only">{f('items')}</caption>
        <thead>
          <tr>
            <th scope="col">{item('description')}</th>
            <th scope="col">{item('sac')}</th>
            <th scope="col" className="num">{t('workflow.qty')}</th>
            <th scope="col" className="num">{item('unitPrice')}</th>
            <th scope="col" className="num">{t('workflow.taxableValue')}</th>
            {heads.map((h) => <th key={h.key} scope="col" className="num">{f(h.key)}</th>)}
            <th scope="col" className="num">{t('workflow.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => {
            const fig = sums.lines[i];
            return (
              <tr key={i}>
                <td>{l.description}</td>
                <td>{l.sac ?? ''}</td>
                <td className="num">{l.qty}</td>
                <td className="num">{formatMoney(l.unitPrice)}</td>
                <td className="num">{formatMoney(fig.taxable)}</td>
                {heads.map((h) => (
                  <td key={h.key} className="num">{formatMoney(fig[h.key])} <span className="hint">({t('workflow.rate', { rate: Number((l.taxRate * h.share).toFixed(2)) })})</span></td>
                ))}
                <td className="num">{formatMoney(fig.amount)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr><th scope="row" colSpan={4 + heads.length}>{t('workflow.taxableValue')}</th><td className="num">{formatMoney(sums.subtotal)}</td></tr>
          {heads.map((h) => <tr key={h.key}><th scope="row" colSpan={4 + heads.length}>{f(h.key)}</th><td className="num">{formatMoney(sums[h.key])}</td></tr>)}
          <tr className="invoice-total"><th scope="row" colSpan={4 + heads.length}>{f('total')}</th><td className="num">{formatMoney(sums.total)}</td></tr>
        </tfoot>
      </table>
      <p className="invoice-words">{t('workflow.amountInWords')}: {amountInWords(sums.total)}</p>
      {row.sellerName ? (
        <p className="invoice-sign">{t('workflow.forSeller', { seller: String(row.sellerName) })}<br /><span className="hint">{t('workflow.signatory')}</span></p>
      ) : null}
    </article>
  );
}

/** The invoice's own buttons: print it (the browser's dialog, A4) and download the server's PDF. */
export function InvoiceActions({ def, row }: { def: EntityDef; row: Row }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      // A file, not JSON: fetched with the session's token (a plain link could not send it), saved under its number.
      const res = await entities.download(entities.pdfAddress(def, row.id));
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = `${String(row.number)}.pdf`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      toast.error(t('workflow.pdfFailed'), { description: errorText(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button className="btn" onClick={() => window.print()}>{t('workflow.print')}</button>
      <button className="btn" disabled={busy} onClick={() => void download()}>{busy ? t('workflow.downloading') : t('workflow.downloadPdf')}</button>
    </>
  );
}
