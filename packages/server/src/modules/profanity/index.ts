export { createProfanityService, type ProfanityService } from "./service";
