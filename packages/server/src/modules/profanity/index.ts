export { profanityRoutes } from "./routes";
export { createProfanityService, type ProfanityService } from "./service";
