import { useTranslation } from 'react-i18next';
import type { DayPoint } from '../api/fmc-dashboard';
import { useFormat } from '../list-parts/screen-parts';

const W = 720;
const H = 240;
const PAD = { top: 12, right: 12, bottom: 28, left: 40 };

/** A round top for the scale: 1, 2, 5 × 10ⁿ at or above the largest value (at least 4, so small counts get whole steps). */
export function niceMax(max: number): number {
  if (max <= 4) return 4;
  const p = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * p).find((v) => v >= max)!;
}

/**
 * The dashboard's 30 days, drawn by hand in SVG: a bar per day for the appointments, a line each for completed and
 * missed. For assistive technology the figure is its caption and a table of the same numbers (visually hidden);
 * the drawing itself is hidden from it. Colours come from the theme, so dark and high-contrast themes apply.
 */
export function DayChart({ points }: { points: DayPoint[] }) {
  const { t } = useTranslation('screens');
  const f = useFormat();
  const top = niceMax(Math.max(0, ...points.map((p) => p.appointments)));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const step = plotW / Math.max(1, points.length);
  const x = (i: number) => PAD.left + step * i + step / 2;
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const line = (key: 'completed' | 'missed') => points.map((p, i) => `${x(i).toFixed(1)},${y(p[key]).toFixed(1)}`).join(' ');
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((r) => Math.round(top * r));

  return (
    <figure className="chart" aria-labelledby="chart-title">
      <figcaption>
        <strong id="chart-title">{t('dashboard.chartTitle')}</strong>
        <span className="muted"> {t('dashboard.chartCaption')}</span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="chart-svg" aria-hidden="true" focusable="false">
        {ticks.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className="chart-grid" />
            <text x={PAD.left - 6} y={y(v)} dy="0.32em" textAnchor="end" className="chart-label">{f.number(v)}</text>
          </g>
        ))}
        {points.map((p, i) => (
          <rect key={p.day} x={x(i) - step * 0.35} width={step * 0.7} y={y(p.appointments)} height={Math.max(0, y(0) - y(p.appointments))} className="chart-bar">
            <title>{`${f.day(p.day)}: ${t('dashboard.appointments')} ${f.number(p.appointments)}, ${t('dashboard.completed')} ${f.number(p.completed)}, ${t('dashboard.missed')} ${f.number(p.missed)}`}</title>
          </rect>
        ))}
        <polyline points={line('completed')} className="chart-line chart-completed" />
        <polyline points={line('missed')} className="chart-line chart-missed" />
        {points.map((p, i) => (points.length - 1 - i) % 5 === 0 && (
          <text key={p.day} x={x(i)} y={H - 8} textAnchor="middle" className="chart-label">{f.shortDay(p.day)}</text>
        ))}
      </svg>
      <ul className="chart-legend" aria-hidden="true">
        <li><span className="swatch chart-bar" />{t('dashboard.appointments')}</li>
        <li><span className="swatch chart-completed" />{t('dashboard.completed')}</li>
        <li><span className="swatch chart-missed" />{t('dashboard.missed')}</li>
      </ul>
      {/* Hidden in a box of its own: a table will not shrink below its content, so the table itself as .sr-only kept its
          full size (368 × 775 px at 390 px wide) and widened the page. The 1 px box clips it. */}
      <div className="sr-only">
      <table>
        <caption>{t('dashboard.chartTable')}</caption>
        <thead>
          <tr><th scope="col">{t('dashboard.day')}</th><th scope="col">{t('dashboard.appointments')}</th><th scope="col">{t('dashboard.completed')}</th><th scope="col">{t('dashboard.missed')}</th></tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.day}><th scope="row">{f.day(p.day)}</th><td>{f.number(p.appointments)}</td><td>{f.number(p.completed)}</td><td>{f.number(p.missed)}</td></tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  );
}
