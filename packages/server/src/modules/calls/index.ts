export { type CallActor, type CallService, createCallService } from "./service";
