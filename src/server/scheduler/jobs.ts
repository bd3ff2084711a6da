/**
 * Every job the scheduler runs, registered by name when this module loads (main.ts imports it, so each serving
 * process knows them all: a run is taken by whichever process is free, and a name it does not know fails the run).
 */
export {};
