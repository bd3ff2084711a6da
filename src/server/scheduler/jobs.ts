/**
 * Every job the scheduler runs, registered by name when this module loads (main.ts and the app import it, so each
 * serving process knows them all: a run is taken by whichever process is free, and a name it does not know fails the
 * run). Reminders (issue 37 §3) and rules (§4) will be registered here the same way.
 */
import './campaign';
import './follow-ups';
import './appointment-reminders';
import './worklist-auto';
