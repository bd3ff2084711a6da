import { useEffect } from 'react';
import { ui } from '../state/ui';

/** One typed character (a letter, a digit, a space, an emoji), not a named key such as Enter or ArrowDown. */
const isCharacter = (key: string) => [...key].length === 1;

/**
 * Stands in for the palette while its code loads (Ctrl+K in the first second after the home page, before the
 * prefetch, or on a slow line). The keys typed meanwhile are kept for its box (ui.paletteTyped), instead of being
 * lost or landing in the field behind it: Backspace takes one back, Esc closes, other keys do nothing, shortcuts with
 * Ctrl, Cmd or Alt pass. It shows nothing: the palette appears, with the text in its box, once its code is in.
 */
export function PaletteLoading() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      if (e.key === 'Escape') { ui.paletteOpen = false; ui.palettePage = null; }
      else if (e.key === 'Backspace') ui.paletteTyped = [...ui.paletteTyped].slice(0, -1).join('');
      else if (isCharacter(e.key)) ui.paletteTyped += e.key;
      e.preventDefault();
      e.stopPropagation();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, []);
  return null;
}
