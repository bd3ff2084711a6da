import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `ms`: typing asks the server once per pause, not per key. */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}
