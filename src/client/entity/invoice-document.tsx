import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { EntityDef } from '../../registry';
import { entities, type Row } from '../api/entities';
import { errorText } from '../api/error-text';
import { formatMoney } from './field-value';

interface Line { description: string; qty: number; unitPrice: number; taxRate: number }

/**
 * A line's amount and tax in paise, rounded as the server rounds them when it computes the invoice's subtotal and
 * tax (server/crud/hooks.ts, invoices), so the lines always add up to the totals printed under them.
 */
export function lineFigures(l: Line): { amount: number; tax: number } {
  const amount = Math.round(l.qty * l.unitPrice * 100);
  return { amount: amount / 100, tax: Math.round(amount * (l.taxRate / 100)) / 100 };
}

/**
 * An invoice as a document, on screen and on paper (the print style sheet hides the console around it and
 * lays it out on A4): number, dates, patient, the line items with quantity, unit price, tax and amount, then
 * subtotal, tax and total in INR with two decimals. "Download PDF" fetches the server's PDF of the same invoice.
 */
export function InvoiceDocument({ row }: { row: Row }) {
  const { t, i18n } = useTranslation();
  const f = (field: string) => t(`invoices.fields.${field}`, { ns: 'entities' });
  const item = (field: string) => t(`invoices.items.items.${field}`, { ns: 'entities' });
  const labels = (row._labels ?? {}) as Record<string, string | null>;
  const lines = (row.items as Line[] | null) ?? [];
  const date = (v: unknown) => (v ? new Date(String(v)).toLocaleDateString(i18n.language, { day: 'numeric', month: 'long', year: 'numeric' }) : t('details.none'));
  return (
    <article className="invoice-doc" aria-labelledby="invoice-title">
      <header className="invoice-head">
        <div>
          <h2 id="invoice-title">{t('workflow.invoiceTitle')}</h2>
          <p className="invoice-number">{String(row.number)}</p>
        </div>
        <dl className="invoice-meta">
          <dt>{f('issuedAt')}</dt><dd>{date(row.issuedAt)}</dd>
          <dt>{f('status')}</dt><dd>{t(String(row.status), { ns: 'enums' })}</dd>
          {row.payment ? <><dt>{f('payment')}</dt><dd>{labels.payment ?? `#${String(row.payment)}`}</dd></> : null}
        </dl>
      </header>
      <section className="invoice-party">
        <h3>{t('workflow.billedTo')}</h3>
        <p>{labels.patient ?? `#${String(row.patient)}`}</p>
      </section>
      <table className="invoice-lines">
        <caption className="sr-only">{f('items')}</caption>
        <thead>
          <tr>
            <th scope="col">{item('description')}</th>
            <th scope="col" className="num">{t('workflow.qty')}</th>
            <th scope="col" className="num">{item('unitPrice')}</th>
            <th scope="col" className="num">{f('tax')}</th>
            <th scope="col" className="num">{t('workflow.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => {
            const fig = lineFigures(l);
            return (
              <tr key={i}>
                <td>{l.description}</td>
                <td className="num">{l.qty}</td>
                <td className="num">{formatMoney(l.unitPrice)}</td>
                <td className="num">{formatMoney(fig.tax)} <span className="hint">({t('workflow.rate', { rate: l.taxRate })})</span></td>
                <td className="num">{formatMoney(fig.amount)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr><th scope="row" colSpan={4}>{f('subtotal')}</th><td className="num">{formatMoney(row.subtotal)}</td></tr>
          <tr><th scope="row" colSpan={4}>{f('tax')}</th><td className="num">{formatMoney(row.tax)}</td></tr>
          <tr className="invoice-total"><th scope="row" colSpan={4}>{f('total')}</th><td className="num">{formatMoney(row.total)}</td></tr>
        </tfoot>
      </table>
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
