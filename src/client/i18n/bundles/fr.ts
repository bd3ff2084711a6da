import { fr as zodLocale } from 'zod/locales';
import entities from '../locales/entities/fr';
import enums from '../locales/enums/fr';
import server from '../locales/api-messages/fr';
import screens from '../locales/screens/fr';
import translation from '../locales/ui/fr';
import validation from '../locales/validation/fr';

/** Every string of the console in this language, loaded only when a user chooses it (i18n/index.ts). */
export default { resources: { translation, entities, enums, validation: { ...validation, ...server }, screens }, zodLocale };
