/**
 * The search wing's door (README.md): the only file the rest of the server imports. The list search's one entry point
 * (listPage), the search text and its matches, the palette's cross-entity search, the upkeep of the search rows and
 * of the kept counts, and the pages in list order that pickers and exports share. Tests may open a file of the wing
 * directly, to pin one way.
 */
export { listPage, type ListAnswer, type ListPlan } from './list-page';
export { MATCH_COUNT_CAP, RECORD_COUNT_CAP } from './caps';
export { deleteSearchRow, refreshReferrers, rewriteSearchDocs, searchDoc, searchDocs, upsertSearchRow, upsertSearchRows } from './search-rows';
export { pastPrefix, readableEntities, searchRecords, type ReadEntries, type SearchAnswer, type SearchGroup, type SearchHit } from './palette';
export {
  byWordStarts, docContains, docMatches, hasTrigram, likePattern, lookalikeStarts, matchCount, matchingIds, rareRun,
  startPair, wordStartsMatch,
} from './text';
export { keysetRanges, orderBy, pageInListOrder, selectPage, textSearch, whereOf } from './list-order';
export { pickerPage } from './picker-page';
export { numberPrefixPage } from './number-prefix';
export { ensureSortKeys, fillSortKeys } from './sort-key';
export { ensureSearchTexts } from './search-text-upkeep';
export { dayCounts, ensureDayCountZones, keepsZone, keptZones } from './day-counts';
export { ensureValueCounts } from './value-counts';
export { keptPatientsSeen } from './patients-seen';
