import { Fragment, useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { weekStep } from '../text/calendar-parts';
import { useDayName } from './calendar-head';
import { dayListMove, dayListOrder } from './day-list-order';
import './calendar-day-list.css';

/** What a card's element takes from the list: its place in the keyboard's walk (one card at a time is in the Tab order). */
export interface DayCardProps { tabIndex: number; 'data-current': boolean; onFocus: () => void }

/**
 * A calendar on a phone (under the console's phone breakpoint, use-narrow-screen.ts), where seven columns do not fit:
 * the period's days one under another, today first (day-list-order.ts), each slot or appointment a card. The
 * calendar's own rows, read by its own query, are handed in by day (`byDay`, in the order of `days`).
 *
 * The keyboard is the wide calendar's: j/k and the arrows up and down between cards, left and right between days,
 * Enter opens (a card is a button or a link, so a tap does the same), PageUp/PageDown or [ and ] change the period;
 * the focus then stays in the list and lands on the first card once the next period's cards are drawn. One card is in
 * the Tab order at a time; with none, the list itself is, so that the period keys still reach it.
 */
export function CalendarDayList<T>({ days, today, byDay, keyOf, card, caption, emptyDay, empty, ready, onPeriod, ref }: {
  days: readonly string[]; today: string; byDay: readonly (readonly T[])[];
  keyOf: (item: T) => string | number;
  /** The card's element (a button or a link) with `props` spread on it. */
  card: (item: T, props: DayCardProps) => ReactNode;
  /** The period's name ("Week of 23 Nov"), which names the list. */
  caption: ReactNode;
  /** Said under a day without any; and instead of the days when the period has none. */
  emptyDay: string; empty: string;
  ready: boolean;
  onPeriod: (step: number) => void;
  ref?: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation('screens');
  const dayName = useDayName();
  const order = dayListOrder(days, today);
  const shown = order.map((o) => ({ ...o, items: byDay[days.indexOf(o.day)] ?? [] }));
  const counts = shown.map((d) => d.items.length);
  const total = counts.reduce((n, c) => n + c, 0);

  const [focused, setFocused] = useState(0);
  const at = Math.min(focused, Math.max(0, total - 1));
  const root = useRef<HTMLDivElement | null>(null);
  const setRoot = (el: HTMLDivElement | null) => {
    root.current = el;
    if (typeof ref === 'function') ref(el);
    else if (ref) ref.current = el;
  };
  // The first day of the period a key left: once another period's cards are drawn, its first card takes the focus.
  const leaving = useRef<string | null>(null);
  useEffect(() => {
    if (leaving.current === null || leaving.current === days[0] || !ready) return;
    leaving.current = null;
    root.current?.querySelector<HTMLElement>('[data-current="true"]')?.focus();
  });

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const step = weekStep(e.key);
    if (step) {
      e.preventDefault(); e.stopPropagation();
      leaving.current = days[0];
      // The list holds the focus while this period's cards go and the next one's come.
      root.current?.focus();
      setFocused(0);
      onPeriod(step);
      return;
    }
    const to = dayListMove(e.key, at, counts);
    if (to === null) return;
    e.preventDefault(); e.stopPropagation();
    setFocused(to);
    root.current?.querySelector<HTMLElement>(`[data-card-index="${to}"] > *`)?.focus();
  };

  let index = 0;
  return (
    <div ref={setRoot} className="day-list" role="group" aria-labelledby="calendar-caption" tabIndex={total ? -1 : 0} onKeyDown={onKeyDown}>
      <p id="calendar-caption" className="day-list-caption">{caption}</p>
      {total === 0 ? (
        <p className="day-list-empty" role="status">{ready ? empty : t('calendar.loading')}</p>
      ) : shown.map(({ day, earlier, items }, di) => (
        <Fragment key={day}>
          {earlier && !shown[di - 1]?.earlier && <p className="day-list-divider">{t('dayList.earlier')}</p>}
          <div className={`day-list-day${earlier ? ' day-list-earlier' : ''}`} data-day={day}>
            <h2 className="day-list-head">
              {dayName(day)}
              {day === today && <span className="day-list-today"> · {t('dayList.today')}</span>}
            </h2>
            {items.length === 0 ? <p className="day-list-none">{emptyDay}</p> : (
              <ul className="day-list-cards">
                {items.map((item) => {
                  const i = index++;
                  return (
                    <li key={keyOf(item)} data-card-index={i}>
                      {card(item, { tabIndex: i === at ? 0 : -1, 'data-current': i === at, onFocus: () => setFocused(i) })}
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </Fragment>
      ))}
    </div>
  );
}
