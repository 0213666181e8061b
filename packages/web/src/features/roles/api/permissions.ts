import {
  dashboardRoles,
  fillPath,
  type TChannelType,
  type TPermissionMatrix,
  type TSetPermissionMatrixRequest,
  zPermissionMatricesResponse,
  zPermissionMatrixResponse,
} from "@parley/contract";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { roleKeys } from "@/data/roles/keys";
import { api } from "@/lib/api-client";

const matrixPath = (appId: string, channelType: TChannelType) =>
  fillPath(dashboardRoles.permission, { id: appId, channelType });

export async function getPermissionMatrices(appId: string, signal?: AbortSignal) {
  const { permissions } = await api.get(
    fillPath(dashboardRoles.permissions, { id: appId }),
    zPermissionMatricesResponse,
    {
      signal,
    },
  );
  return permissions;
}

export const permissionMatricesQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: roleKeys.matrices(appId),
    queryFn: ({ signal }) => getPermissionMatrices(appId, signal),
  });

export function usePermissionMatrices(appId: string) {
  return useQuery(permissionMatricesQueryOptions(appId));
}

export async function savePermissionMatrix(
  appId: string,
  channelType: TChannelType,
  input: TSetPermissionMatrixRequest,
) {
  const { permissions } = await api.put(matrixPath(appId, channelType), input, zPermissionMatrixResponse);
  return permissions;
}

export async function resetPermissionMatrix(appId: string, channelType: TChannelType) {
  const { permissions } = await api.delete(matrixPath(appId, channelType), zPermissionMatrixResponse);
  return permissions;
}

/** Puts a matrix the server answered with in place of the cached one of its channel type. */
export function useStoreMatrix(appId: string) {
  const queryClient = useQueryClient();
  return (matrix: TPermissionMatrix) =>
    queryClient.setQueryData<TPermissionMatrix[]>(roleKeys.matrices(appId), (matrices) =>
      matrices?.map((each) => (each.channelType === matrix.channelType ? matrix : each)),
    );
}
