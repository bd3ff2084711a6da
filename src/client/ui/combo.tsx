import { useTranslation } from 'react-i18next';

/** A shortcut as keys: `mod+k` → Ctrl K (⌘ K on a Mac), `g h` → g then h. */
export function Combo({ combo }: { combo: string }) {
  const { t } = useTranslation();
  return <ComboKeys combo={combo} t={t} />;
}

/**
 * The same with the caller's `t`, for lists that mount many at once (the palette's lines): each useTranslation copies
 * the i18next instance as it mounts and listens for a change of language, a share of the palette's opening frame.
 */
export function ComboKeys({ combo, t }: { combo: string; t: (key: string) => string }) {
  const mac = /Mac|iPhone|iPad/.test(navigator.platform);
  const parts = combo.split(' ');
  return (
    <span className="combo-keys">
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 && <span className="hint"> {t('keys.followedBy')} </span>}
          {part.split('+').map((k) => <kbd key={k}>{k === 'mod' ? (mac ? '⌘' : 'Ctrl') : k.length === 1 ? k : k[0].toUpperCase() + k.slice(1)}</kbd>)}
        </span>
      ))}
    </span>
  );
}

/** Our `shift+c` as ARIA and the notices write it: `Shift+C`. */
export const ariaShortcut = (combo: string) => combo.split('+').map((k) => (k.length === 1 ? k.toUpperCase() : k[0].toUpperCase() + k.slice(1))).join('+');
