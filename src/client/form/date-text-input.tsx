import { useEffect, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../registry';
import { useFormat } from '../i18n/format';
import { formValueProblem, loadReader, readDate, readerOf, toFormValue, toText, type DateProblem } from '../text/date-text';

interface Props {
  common: Record<string, unknown> & { id: string };
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  withTime: boolean;
  /** What is said under an empty box; by default the reader's examples (a filter's range, short of room, says none). */
  help?: string;
  /** A date typed without its year is the last one, not the next (a filter's period looks back). */
  past?: boolean;
}

/**
 * A date or a date and time typed as text (date-text.ts), with what it was understood as said under it before saving:
 * "Thu 26 Nov 2026, 10:00". Up and Down move it a day (with Shift, an hour). What cannot be read keeps the text as
 * typed, says why under the field ("There is no such day": 31/02, month 13), and the form's own check names the field.
 * Nothing typed can throw here: a value is formatted only once it is a real day.
 */
export function DateTextInput({ common, value, onChange, onBlur, inputRef, withTime, help, past }: Props) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const lang = (i18n.language in { en: 1, fr: 1, es: 1, it: 1, zh: 1 } ? i18n.language : 'en') as Language;
  const [text, setText] = useState(() => toText(value, lang));
  const [reader, setReader] = useState(() => readerOf(lang));
  useEffect(() => { if (!reader) void loadReader(lang).then(setReader); }, [lang, reader]);
  // What was typed while the reader was on its way is read once it is here: no key typed early is lost.
  useEffect(() => {
    if (!reader || !text.trim()) return;
    const read = readDate(reader, text, withTime, new Date(), past);
    if ('value' in read && read.value !== value) { setShown(read.value); onChange(read.value); }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reader]);
  // A value set from outside (Reload after a stale save, the form reset) shows as the language writes it.
  const [shown, setShown] = useState(value);
  // (typing and the arrows set `shown` to what they give the form, so another value came from outside)
  if (value !== shown) { setShown(value); setText(toText(value, lang)); }

  const type = (next: string) => {
    setText(next);
    const read = reader ? readDate(reader, next, withTime, new Date(), past) : null;
    // Unread (or the reader still on its way): the text itself, which the schema refuses with the field's message.
    const v = read && 'value' in read ? read.value : next;
    setShown(v);
    onChange(v);
  };
  const step = (minutes: number) => {
    const m = formValueProblem(value) ? null : /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value);
    const base = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0)) : new Date();
    const next = toFormValue(new Date(base.getTime() + minutes * 60_000), withTime);
    setText(toText(next, lang));
    setShown(next);
    onChange(next);
  };
  // Said only of a real day: a value such as 2026-13-01 would make an invalid Date, which no formatter can write.
  const understood = formValueProblem(value) === null ? (withTime ? f.moment(new Date(value).toISOString()) : f.date(value)) : null;
  const problem: DateProblem | null = !text.trim() || understood ? null
    : reader ? (() => { const r = readDate(reader, text, withTime, new Date(), past); return 'problem' in r ? r.problem : null; })() : 'unread';
  const hintId = `${common.id}-understood`;
  return (
    <>
      <input {...common} ref={inputRef} type="text" inputMode="text" autoComplete="off" value={text}
        placeholder={t(withTime ? 'dateText.placeholderTime' : 'dateText.placeholderDay')}
        aria-describedby={[common['aria-describedby'], hintId].filter(Boolean).join(' ')}
        onChange={(e) => type(e.target.value)} onBlur={onBlur}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
          e.preventDefault();
          step((e.key === 'ArrowUp' ? 1 : -1) * (e.shiftKey && withTime ? 60 : 24 * 60));
        }} />
      <span id={hintId} className={problem ? 'hint error' : 'hint'} aria-live="polite" data-date-problem={problem ?? undefined}>
        {understood ? t('dateText.understood', { when: understood }) : problem ? t(problem === 'unread' || problem === 'empty' ? 'dateText.notUnderstood' : `dateText.${problem}`) : help ?? t('dateText.help')}
      </span>
    </>
  );
}
