/**
 * The tests that read the demo data, on one database seeded with it (demo-database.ts): the demo's story and the
 * verification requests' documents. Each reads only, so neither sees the other's work.
 */
import './demo-database';
import './demo-story.cases';
import './verification-documents.cases';
