/**
 * Records a list (or an export, or the dashboard's figures) counts before it says "more than …": past this many it
 * would read a large table to the end for a figure no one reads exactly.
 */
export const RECORD_COUNT_CAP = 10_000;

/** Matches of the search box's term counted before a list says "more than …" (a search box narrows; it need not count a table). */
export const MATCH_COUNT_CAP = 1_000;
