import { wifiRealdata } from '@sc/contract/families/wifi';
import { useQuery } from '@tanstack/react-query';
import { wifiApi } from './api';

/** How often the page asks the AP again for its clients and interfaces. */
const REFRESH_MS = 30_000;

export const realdataKey = (projectId: number, id: number) => ['wifi', projectId, 'realdata', id];

/**
 * The AP's own answer to realdata (its interfaces, connected clients and blacklist), read with the
 * contract's schema; asked when the page opens, every half minute and after each control.
 */
export function useRealdata(projectId: number, id: number) {
  return useQuery({
    queryKey: realdataKey(projectId, id),
    queryFn: async () => {
      const answer = await wifiApi(projectId).realdata({ id }, { silent: true });
      return wifiRealdata.parse(answer.result);
    },
    retry: false,
    refetchInterval: REFRESH_MS,
  });
}
