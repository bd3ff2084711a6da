/** Shared with the server, which matches an import's column headers by them (words/entity-labels). */
export { default } from '../../../../words/entity-labels/fr';
