/**
 * The search wing (README.md): the list search's one entry point (listPage), the search text and its matches, the
 * palette's cross-entity search, and the upkeep of the search rows.
 */
export { listPage, type ListAnswer, type ListPlan } from './list-page';
export { MATCH_COUNT_CAP, RECORD_COUNT_CAP } from './caps';
export { deleteSearchRow, refreshReferrers, rewriteSearchDocs, searchDoc, searchDocs, upsertSearchRow } from './search-rows';
export { pastPrefix, readableEntities, searchRecords, type SearchAnswer, type SearchGroup, type SearchHit } from './palette';
export {
  byWordStarts, docContains, docMatches, hasTrigram, likePattern, lookalikeStarts, matchCount, matchingIds, rareRun,
  startPair, wordStartsMatch,
} from './text';
