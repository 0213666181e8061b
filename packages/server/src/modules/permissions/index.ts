export { permissionDenied } from "./grants";
export {
  createPermissionService,
  type MemberRoleSource,
  type PermissionChannel,
  type PermissionService,
  type PermissionSubject,
} from "./service";
