import { eventStreamsOpen } from './metrics';

/**
 * Event streams open in this process (server-sent events): counted for /metrics, and closed by a shutdown, since a
 * stream never ends by itself. A stream registers how to close it and unregisters when it ends.
 */
const open = new Set<() => void>();

/** Registers a stream; the returned function unregisters it (call it when the stream ends, however it ends). */
export function trackStream(close: () => void): () => void {
  const entry = () => close();
  open.add(entry);
  eventStreamsOpen.inc();
  return () => {
    if (open.delete(entry)) eventStreamsOpen.dec();
  };
}

export const openStreams = () => open.size;

/** Closes every open stream (a shutdown): each is told to end, and unregisters itself as it does (a Set may lose the member being visited). */
export function closeStreams() {
  for (const close of open) {
    try {
      close();
    } catch {
      // A stream already broken off by its client has nothing left to close.
    }
  }
}
