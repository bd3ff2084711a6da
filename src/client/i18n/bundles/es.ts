import { es as zodLocale } from 'zod/locales';
import entities from '../locales/entities/es';
import enums from '../locales/enums/es';
import server from '../locales/api-messages/es';
import screens from '../locales/screens/es';
import translation from '../locales/ui/es';
import validation from '../locales/validation/es';

/** Every string of the console in this language, loaded only when a user chooses it (i18n/index.ts). */
export default { resources: { translation, entities, enums, validation: { ...validation, ...server }, screens }, zodLocale };
