export { type ContactService, createContactService } from "./service";
