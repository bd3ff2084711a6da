/**
 * The names of the jobs the scheduler knows, apart from their handlers: a record's moves queue a run by name
 * (crud/hooks.ts) without importing the job that sends it (campaigns/send.ts registers the handler, jobs.ts loads it).
 */
export const CAMPAIGN_JOB = 'campaign.send';
