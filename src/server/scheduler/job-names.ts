/**
 * The names of the jobs the scheduler knows, apart from their handlers: a record's moves queue a run by name
 * (crud/hooks.ts) without importing the job that sends it (campaigns/send.ts registers the handler, jobs.ts loads it).
 */
export const CAMPAIGN_JOB = 'campaign.send';

/** A rule's run (automation/run.ts), one per rule and record version, queued where the record is written (automation/watch.ts). */
export const RULE_JOB = 'rule.run';

/** The start of the keys of one rule's runs (keyed `rule:<rule>:<entity>:<record>:v<version>`): the Runs screen finds a rule's by it. */
export const ruleRunsKeyPrefix = (rule: number) => `rule:${rule}:`;
