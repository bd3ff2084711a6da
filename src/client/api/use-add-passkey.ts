import { useState } from 'react';
import { errorText } from './error-text';
import { factors } from './factors';

/**
 * Adding a passkey by name, as Preferences and the enrolment page both do: the name typed, the browser makes the key,
 * the server keeps it; `notMade` says what happened when the browser made none (cancelled, or it cannot).
 */
export function useAddPasskey(notMade: string, onAdded: () => void | Promise<void>) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await factors.addPasskey(name.trim());
      setName('');
      await onAdded();
    } catch (err) {
      setError(errorText(err, notMade));
    } finally {
      setBusy(false);
    }
  };
  // A name typed again clears what the last try said.
  const type = (next: string) => { setName(next); setError(null); };
  return { name, setName: type, busy, error, add };
}
