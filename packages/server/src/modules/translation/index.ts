export { translationChatRoutes } from "./chat-routes";
export { translationRoutes } from "./routes";
export { createTranslationService, type TranslationService } from "./service";
