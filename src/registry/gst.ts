/**
 * The arithmetic of an Indian tax invoice (CGST Rules, rule 46), in one place: the server stores the totals it gives
 * (crud/hooks.ts, invoices), and the PDF (server/routes/invoice-pdf.ts) and the console's print view
 * (client/record/invoice-document.tsx) print the lines it gives, so the lines always add up to the totals under them.
 */

/** SAC heading 9993, human health and social care services: the consultation line of every invoice. */
export const HEALTH_SERVICES_SAC = '9993';

/**
 * GST on a consultation: nil. Health care services by a clinical establishment or an authorised medical practitioner
 * are exempt (Notification 12/2017-Central Tax (Rate), entry 74); the line is still printed with its SAC and rate.
 */
export const CONSULTATION_TAX_RATE = 0;

/** A services accounting code: chapter 99, a heading (4 digits) or a group or service (5 or 6). */
export const SAC_PATTERN = /^99[0-9]{2,4}$/;

/**
 * A GSTIN: the state's two-digit code, the holder's PAN (5 letters, 4 digits, a letter), the registration's number in
 * that state (1–9 or A–Z), Z, and a check character (isGstin checks it).
 */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The GSTIN's check character: each of the first 14 characters' base-36 value times 1 or 2 (alternately), digits summed in base 36. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36];
}

/** A state's GST code: 01–38 (the states and union territories) or 97 (other territory). */
export const isGstStateCode = (code: string) => /^(0[1-9]|[12][0-9]|3[0-8]|97)$/.test(code);

/** A well-formed GSTIN of a real state code whose check character is right (a mistyped character fails it). */
export function isGstin(value: string): boolean {
  return GSTIN_PATTERN.test(value) && isGstStateCode(value.slice(0, 2)) && gstinCheckCharacter(value.slice(0, 14)) === value[14];
}

/** The state a GSTIN is registered in: its first two digits. */
export const gstinState = (gstin: string) => gstin.slice(0, 2);

/**
 * Whether a patient's invoice is an inter-state supply (IGST) rather than one within the seller's state (CGST + SGST).
 * A patient is not GST-registered, so the place of supply is their state when their address names one, else the
 * seller's (IGST Act, section 12(2)). A state the master gives no GST code counts as another state.
 */
export function isInterState(patientState: { gstCode: string | null } | null | undefined, sellerGstin: string): boolean {
  return !!patientState && patientState.gstCode !== gstinState(sellerGstin);
}

/** One line of an invoice as stored (invoices.items). `sac` is absent on lines written before it was kept. */
export interface InvoiceLine { description: string; sac?: string | null; qty: number; unitPrice: number; taxRate: number }

/** A line's taxable value and tax, in rupees: CGST and SGST at half the rate each within a state, IGST across. */
export interface LineFigures { taxable: number; cgst: number; sgst: number; igst: number; tax: number; amount: number }

export interface InvoiceFigures { lines: LineFigures[]; subtotal: number; cgst: number; sgst: number; igst: number; tax: number; total: number }

const paise = (rupees: number) => Math.round(rupees * 100);

/**
 * A line's figures, each rounded to the paisa on its own. Within a state the two halves are computed apart, so they
 * are always equal as printed (their sum may then differ by a paisa from the IGST the same line would carry).
 */
export function lineFigures(line: InvoiceLine, interState: boolean): LineFigures {
  const taxable = paise(line.qty * line.unitPrice);
  const half = interState ? 0 : Math.round((taxable * line.taxRate) / 200);
  const igst = interState ? Math.round((taxable * line.taxRate) / 100) : 0;
  const tax = half * 2 + igst;
  return { taxable: taxable / 100, cgst: half / 100, sgst: half / 100, igst: igst / 100, tax: tax / 100, amount: (taxable + tax) / 100 };
}

/** The lines' figures and their sums, added up in paise. */
export function invoiceFigures(lines: readonly InvoiceLine[], interState: boolean): InvoiceFigures {
  const figures = lines.map((l) => lineFigures(l, interState));
  const sum = (k: keyof LineFigures) => figures.reduce((s, f) => s + paise(f[k]), 0) / 100;
  return { lines: figures, subtotal: sum('taxable'), cgst: sum('cgst'), sgst: sum('sgst'), igst: sum('igst'), tax: sum('tax'), total: sum('amount') };
}
