/**
 * Every job the scheduler runs, registered by name when this module loads (main.ts and the app import it, so each
 * serving process knows them all: a run is taken by whichever process is free, and a name it does not know fails the
 * run). Reminders (issue 37 §3) will be registered here the same way.
 */
import './campaigns/send';
// Rules (issue 37 §4): the job a rule's watcher queues (automation/watch.ts).
import './automation/run';
// Reminders (issue 37 §3): follow-ups, appointments' reminders, the worklists' automatic rounds.
import './reminders/follow-ups';
import './reminders/appointment-reminders';
import './reminders/worklist-auto';
