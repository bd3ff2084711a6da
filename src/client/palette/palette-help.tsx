import { useTranslation } from 'react-i18next';

/** The keys the help lists, with their words' keys (`palette.help.keys.*`). */
const KEYS: [string, string][] = [
  ['↑ ↓', 'move'], ['Enter', 'choose'], ['Ctrl+Enter', 'newTab'], ['Ctrl+C', 'copyLink'], ['Backspace', 'back'], ['?', 'help'], ['Esc', 'close'],
];
const PREFIXES: [string, string][] = [['>', 'commands'], ['@', 'people'], ['#', 'numbers']];

/** `?` in the palette with nothing typed: what it reads and its keys (not options: the list holds none meanwhile). */
export function PaletteHelp() {
  const { t } = useTranslation();
  return (
    <section className="palette-help" aria-label={t('palette.help.title')}>
      <h2>{t('palette.help.title')}</h2>
      <p>{t('palette.help.reads')}</p>
      <dl>
        {PREFIXES.map(([key, what]) => <div key={key}><dt><kbd>{key}</kbd></dt><dd>{t(`palette.help.prefix.${what}`)}</dd></div>)}
        {KEYS.map(([key, what]) => <div key={key}><dt><kbd>{key}</kbd></dt><dd>{t(`palette.help.keys.${what}`)}</dd></div>)}
      </dl>
    </section>
  );
}
