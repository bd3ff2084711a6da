import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCentreScoped, wordsFor, type EntityDef } from '../../registry';
import { valueLabel } from '../../../commands';
import { today } from '../text/calendar-parts';
import { ChoiceList } from '../form/choice-list';
import { DateTextInput } from '../form/date-text-input';
import { RefSelect } from '../form/ref-select';
import { currentRole } from '../state/session';
import { DATE_PRESETS, daysValue, holdsMoments, numberEnds, numberValue, presetOf, presetValue, rangeDays, readNumber, type FilterKind } from './filter-values';

interface EditorProps {
  def: EntityDef;
  field: string;
  kind: FilterKind;
  /** The value in force, if the field is filtered already (its chip was opened). */
  current?: string;
  /** The field's name as the list shows it. */
  name: string;
  onApply: (value: string) => void;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The value step of "Add filter", by the field's kind. */
export function FilterValueEditor(props: EditorProps) {
  switch (props.kind) {
    case 'ref': return <RefValue {...props} />;
    case 'enum': case 'bool': return <OneOf {...props} />;
    case 'date': return <DaysValue {...props} />;
    case 'number': return <NumberRange {...props} />;
    case 'text': return <TextValue {...props} />;
  }
}

/**
 * A record, picked by typing part of its title: the picker the forms use, searching as they do. A reference to staff
 * also offers "Me", and one to centres "My centres" to a role kept to its centres: kept as the words `@me` and
 * `@mycentre`, so that a saved view means whoever opens it (registry/derive/list-words.ts).
 */
function RefValue({ def, field, current, name, onApply }: EditorProps) {
  const { t } = useTranslation();
  const value = current && /^\d+$/.test(current) ? Number(current) : '';
  const words = wordsFor(def, field).filter((w) => w !== '@mycentre' || isCentreScoped(currentRole()));
  return (
    <>
      <RefSelect inputId="add-filter-value" target={def.fields[field].ref!} many={false} value={value} label={name} autoFocus
        onChange={(v) => { if (typeof v === 'number') onApply(String(v)); }} />
      {words.map((w) => (
        <button key={w} type="button" className="btn btn-small" aria-pressed={current === w} onClick={() => onApply(w)}>{t(w === '@me' ? 'filters.me' : 'filters.myCentre')}</button>
      ))}
    </>
  );
}

/** One of an enum's values, or yes or no. */
function OneOf({ def, field, kind, current, name, onApply }: EditorProps) {
  const { t } = useTranslation();
  const values = kind === 'bool' ? ['true', 'false'] : [...(def.fields[field].values ?? [])];
  const choices = values.map((v) => ({ value: v, label: kind === 'bool' ? t(v === 'true' ? 'value.yes' : 'value.no') : valueLabel(t, def.name, field, v) }));
  return <ChoiceList id="add-filter-value" label={t('filters.values', { name })} placeholder={t('filters.valuePlaceholder')} choices={choices} selected={current} noMatch={t('filters.noMatch')} onPick={onApply} />;
}

/**
 * A period: a preset (today, this week, last 30 days…), kept as its word (`@last30`) and so read afresh each day, or
 * the days between two typed as text ("1/11", "last monday").
 */
function DaysValue({ def, field, current, name, onApply }: EditorProps) {
  const { t } = useTranslation();
  const moments = holdsMoments(def.fields[field]);
  const now = today();
  const days = current ? rangeDays(current) : null;
  const [from, setFrom] = useState(days?.from ?? '');
  const [to, setTo] = useState(days?.to ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const presets = DATE_PRESETS.map((p) => ({ value: p, label: t(`filters.presets.${p}`) }));
  const apply = () => {
    const f = from.trim();
    const e = to.trim();
    if (!f && !e) return setProblem(t('filters.empty'));
    if ((f && !DAY.test(f)) || (e && !DAY.test(e))) return setProblem(t('filters.notDay'));
    if (f && e && f > e) return setProblem(t('filters.backwards'));
    onApply(daysValue(moments, f || undefined, e || undefined));
  };
  const onEnter = (e: React.KeyboardEvent) => { if (e.key === 'Enter') { e.preventDefault(); apply(); } };
  const fromId = 'add-filter-from';
  const toId = 'add-filter-to';
  return (
    <>
      <ChoiceList id="add-filter-value" label={t('filters.period')} placeholder={t('filters.valuePlaceholder')} choices={presets} selected={current ? presetOf(current, now) ?? undefined : undefined}
        noMatch={t('filters.noMatch')} onPick={(p) => onApply(presetValue(p as (typeof DATE_PRESETS)[number]))} />
      <fieldset className="add-filter-range" onKeyDown={onEnter}>
        <legend>{t('filters.between')}</legend>
        <label htmlFor={fromId}>{t('filters.from')}</label>
        <DateTextInput common={{ id: fromId, className: 'input', 'aria-label': `${name}: ${t('filters.from')}` }} value={from} withTime={false} help="" past
          onChange={(v) => { setFrom(v); setProblem(null); }} onBlur={() => {}} inputRef={null} />
        <label htmlFor={toId}>{t('filters.to')}</label>
        <DateTextInput common={{ id: toId, className: 'input', 'aria-label': `${name}: ${t('filters.to')}` }} value={to} withTime={false} help="" past
          onChange={(v) => { setTo(v); setProblem(null); }} onBlur={() => {}} inputRef={null} />
        {problem && <p className="error" role="alert">{problem}</p>}
        <button type="button" className="btn btn-primary" onClick={apply}>{t('filters.apply')}</button>
      </fieldset>
    </>
  );
}

/** A range of amounts or numbers: either end may be left empty; the same number at both ends is that number. */
function NumberRange({ current, name, onApply }: EditorProps) {
  const { t, i18n } = useTranslation();
  const ends = current ? numberEnds(current) : { from: '', to: '' };
  const [from, setFrom] = useState(ends.from);
  const [to, setTo] = useState(ends.to);
  const [problem, setProblem] = useState<string | null>(null);
  const apply = () => {
    const a = from.trim() ? readNumber(from, i18n.language) : null;
    const b = to.trim() ? readNumber(to, i18n.language) : null;
    if (!from.trim() && !to.trim()) return setProblem(t('filters.empty'));
    if ((from.trim() && a === null) || (to.trim() && b === null)) return setProblem(t('filters.notNumber'));
    if (a !== null && b !== null && a > b) return setProblem(t('filters.backwards'));
    onApply(numberValue(a, b));
  };
  return (
    <fieldset className="add-filter-range" onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); apply(); } }}>
      <legend>{t('filters.range')}</legend>
      <label htmlFor="add-filter-from">{t('filters.from')}</label>
      <input id="add-filter-from" className="input" type="text" inputMode="decimal" autoComplete="off" autoFocus value={from}
        aria-label={`${name}: ${t('filters.from')}`} onChange={(e) => { setFrom(e.target.value); setProblem(null); }} />
      <label htmlFor="add-filter-to">{t('filters.to')}</label>
      <input id="add-filter-to" className="input" type="text" inputMode="decimal" autoComplete="off" value={to}
        aria-label={`${name}: ${t('filters.to')}`} onChange={(e) => { setTo(e.target.value); setProblem(null); }} />
      {problem && <p className="error" role="alert">{problem}</p>}
      <button type="button" className="btn btn-primary" onClick={apply}>{t('filters.apply')}</button>
    </fieldset>
  );
}

/** Text the field holds part of (the server matches it anywhere, ignoring case). */
function TextValue({ current, name, onApply }: EditorProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(current ?? '');
  return (
    <div className="add-filter-range">
      <label htmlFor="add-filter-value">{t('filters.contains')}</label>
      <input id="add-filter-value" className="input" type="text" autoComplete="off" autoFocus value={text} aria-label={`${name}: ${t('filters.contains')}`}
        onChange={(e) => setText(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter' && text.trim()) { e.preventDefault(); onApply(text.trim()); } }} />
      <button type="button" className="btn btn-primary" disabled={!text.trim()} onClick={() => onApply(text.trim())}>{t('filters.apply')}</button>
    </div>
  );
}
