export { permissionDenied } from "./grants";
export {
  createPermissionService,
  everyMemberHas,
  type MemberRoleSource,
  memberHas,
  type PermissionChannel,
  type PermissionService,
  type PermissionSubject,
} from "./service";
