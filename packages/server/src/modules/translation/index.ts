export { createTranslationService, type TranslationService } from "./service";
