import { useEffect, useState } from 'react';
import { isLoadableImage } from '../../registry/image-addresses';
import { publicConfig } from './public-config';

/** The origins the server lets the console load images from (its CSP img-src names the same ones). */
let known: readonly string[] = [];

export function useImageOrigins(): readonly string[] {
  const [origins, setOrigins] = useState(known);
  useEffect(() => {
    let live = true;
    void publicConfig().then((c) => { known = c.imageOrigins ?? []; if (live) setOrigins(known); });
    return () => { live = false; };
  }, []);
  return origins;
}

/** Whether an image at this (resolved) address may be loaded; others are shown as a link or initials, never fetched. */
export function useLoadableImage(): (address: string) => boolean {
  const origins = useImageOrigins();
  return (address) => isLoadableImage(address, origins);
}

/** For code outside React (the rich-text sanitiser): the origins known so far. */
export const knownImageOrigins = () => known;
