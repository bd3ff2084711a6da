import { Fragment, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { PaletteItem } from '../listbox';
import type { ReadList } from './list-of-reading';
import './reading.css';

/** The value of the reading's line in the palette's list (of the first, where the words name several people). */
export const READING_LINE = '_reading';
/** The value of the reading line at `index`. */
export const readingLineValue = (index: number) => (index ? `${READING_LINE}:${index}` : READING_LINE);

/**
 * The query as read, on the list's first line: a chip for the list and each filter ("Appointments · Missed ·
 * Patient: Kali Prajapat · This week"). Choosing it (Enter while it is selected) opens that list with those filters.
 */
export const ReadingLine = memo(function ReadingLine({ read, index, onOpen }: { read: ReadList; index: number; onOpen: (address: string) => void }) {
  const { t } = useTranslation();
  return (
    <PaletteItem value={readingLineValue(index)} address={read.address} onSelect={() => onOpen(read.address)}>
      <span className="grow palette-reading" data-address={read.address}>
        {read.chips.map((c, i) => (
          <Fragment key={c.key}>
            {i > 0 && <span className="sr-only"> · </span>}
            <span className="reading-chip" data-kind={c.kind} data-pending={c.pending || undefined}>{c.label}</span>
          </Fragment>
        ))}
      </span>
      <span className="sub">{t('reading.open')}</span>
    </PaletteItem>
  );
}, (a, b) => a.onOpen === b.onOpen && a.index === b.index && a.read.address === b.read.address && a.read.pending === b.read.pending
  && a.read.chips.length === b.read.chips.length && a.read.chips.every((c, i) => c.label === b.read.chips[i].label && c.pending === b.read.chips[i].pending));
