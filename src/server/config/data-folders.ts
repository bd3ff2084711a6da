import path from 'node:path';

/** Where the uploaded documents live under DATA_DIR: the content routes write there, a backup archives it. */
export const contentRoot = (dataDir: string) => path.join(dataDir, 'content');
