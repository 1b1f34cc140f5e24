import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '../client';
import { connectorKeys } from './keys';

/** GET connector/user/info. */
export const fetchMyConnectors = () => api.get(`${V1}/connector/user/info`);
/** DELETE connector/user/unbinding. */
export const unbindConnector = (externalId: string) => api.delete(`${V1}/connector/user/unbinding`, { external_id: externalId });

/** The third-party logins that are on, with the caller's bindings. */
export function useMyConnectors() {
  return useQuery({ queryKey: connectorKeys.mine(), queryFn: fetchMyConnectors });
}

/** Removes one binding; the list reloads. */
export function useUnbindConnector() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: unbindConnector, onSuccess: () => void qc.invalidateQueries({ queryKey: connectorKeys.mine() }) });
}
