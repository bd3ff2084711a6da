/** The CSV writer is shared with the console, which rewrites an export's values as the screen shows them. */
export { BOM, EOL, csvCell, csvRecord } from '../../registry/csv';
