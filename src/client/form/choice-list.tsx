import { useEffect, useState } from 'react';

export interface Choice { value: string; label: string }

/**
 * A box that narrows a short list of choices as the user types (a combobox with its listbox always shown): the fields
 * of "Add filter", an enum's values, yes or no, a period. Up and Down (Home, End) move the highlight, Enter picks it;
 * the list is never long, so nothing is fetched and every choice is mounted.
 */
export function ChoiceList({ id, label, placeholder, choices, selected, noMatch, onPick }: {
  id: string;
  /** Names the box and its list for screen readers. */
  label: string;
  placeholder?: string;
  choices: Choice[];
  /** The value in force (highlighted first, and marked). */
  selected?: string;
  noMatch: string;
  onPick: (value: string) => void;
}) {
  const [text, setText] = useState('');
  const typed = text.trim().toLowerCase();
  // Choices whose label starts with what is typed first, then those holding it elsewhere.
  const shown = typed
    ? [...choices.filter((c) => c.label.toLowerCase().startsWith(typed)), ...choices.filter((c) => !c.label.toLowerCase().startsWith(typed) && c.label.toLowerCase().includes(typed))]
    : choices;
  const [active, setActive] = useState(() => Math.max(0, choices.findIndex((c) => c.value === selected)));
  useEffect(() => { if (typed) setActive(0); }, [typed]);
  const at = Math.min(active, shown.length - 1);
  const listId = `${id}-list`;
  const optionId = (i: number) => `${listId}-${i}`;
  useEffect(() => { if (at >= 0) document.getElementById(optionId(at))?.scrollIntoView({ block: 'nearest' }); });

  const onKeyDown = (e: React.KeyboardEvent) => {
    const move = ({ ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: shown.length - 1 } as Record<string, number>)[e.key];
    if (move !== undefined && (e.key.startsWith('Arrow') || !text)) {
      e.preventDefault();
      setActive(Math.max(0, Math.min(shown.length - 1, move)));
    } else if (e.key === 'Enter' && shown[at]) {
      e.preventDefault();
      onPick(shown[at].value);
    }
  };

  return (
    <div className="choice-list">
      <input id={id} className="input" type="text" role="combobox" autoComplete="off" autoFocus aria-expanded="true" aria-controls={listId}
        aria-autocomplete="list" aria-label={label} placeholder={placeholder} value={text}
        aria-activedescendant={shown[at] ? optionId(at) : undefined}
        onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} />
      <ul id={listId} role="listbox" aria-label={label} className="choice-list-options">
        {shown.map((c, i) => (
          <li key={c.value} id={optionId(i)} role="option" aria-selected={i === at} data-current={c.value === selected || undefined}
            onMouseDown={(e) => { e.preventDefault(); onPick(c.value); }}>
            {c.label}
          </li>
        ))}
        {!shown.length && <li role="option" aria-disabled="true" aria-selected="false" className="hint">{noMatch}</li>}
      </ul>
    </div>
  );
}
