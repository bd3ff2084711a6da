import { it as zodLocale } from 'zod/locales';
import entities from '../locales/entities/it';
import enums from '../locales/enums/it';
import server from '../locales/api-messages/it';
import screens from '../locales/screens/it';
import translation from '../locales/ui/it';
import validation from '../locales/validation/it';

/** Every string of the console in this language, loaded only when a user chooses it (i18n/index.ts). */
export default { resources: { translation, entities, enums, validation: { ...validation, ...server }, screens }, zodLocale };
