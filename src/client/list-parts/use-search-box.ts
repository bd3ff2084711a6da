import { useCallback, useEffect, useRef, useState } from 'react';
import { useDebounced } from '../use-debounced';
import { useAddressParams } from './screen-parts';

/**
 * A list's search box and the address's `q`: the box holds what is typed, and the address gets it after a pause
 * (`write`, which replaces the history entry rather than adding one per word). Back/Forward (or a command) changing
 * the address's `q` puts it back in the box, and is not overwritten by the box's older text.
 */
export function useSearchBox(inAddress: string, write: (q: string) => void, ms: number) {
  const [text, setText] = useState(inAddress);
  const typed = useDebounced(text.trim(), ms);
  const written = useRef(inAddress);
  useEffect(() => {
    if (typed === written.current) return;
    written.current = typed;
    write(typed);
  }, [typed, write]);
  useEffect(() => {
    if (inAddress !== written.current) { written.current = inAddress; setText(inAddress); }
  }, [inAddress]);
  return { text, setText };
}

/**
 * A bespoke list's address (`?q=…&doctor=…`) and its search box on it: `q` is what the address asks, `text` what the
 * box holds (the generic list's is the same box on its own address, list/use-list-address.ts).
 */
export function useAddressSearch(ms: number) {
  const [params, setParams] = useAddressParams();
  const q = params.get('q') ?? '';
  const writeQ = useCallback((next: string) => setParams({ q: next }, { replace: true }), [setParams]);
  const { text, setText } = useSearchBox(q, writeQ, ms);
  return { params, setParams, q, text, setText };
}
