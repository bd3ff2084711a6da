/** Editing a list's cells in place: the list screen's way in. */
export { GridCell, gridCellProps } from './grid-cell';
export { GridEditBar } from './held-bar';
export { CardEditSlot } from './card-editor';
export { useGridEdit, type GridEdit } from './use-grid-edit';
