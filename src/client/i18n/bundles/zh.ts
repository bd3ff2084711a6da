import { zhCN as zodLocale } from 'zod/locales';
import entities from '../locales/entities/zh';
import enums from '../locales/enums/zh';
import server from '../locales/api-messages/zh';
import screens from '../locales/screens/zh';
import translation from '../locales/ui/zh';
import validation from '../locales/validation/zh';

/** Every string of the console in this language, loaded only when a user chooses it (i18n/index.ts). */
export default { resources: { translation, entities, enums, validation: { ...validation, ...server }, screens }, zodLocale };
