import type { DeviceView, RealtimePush } from '@sc/contract';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DeviceRowOptions, useDeviceRow, useFollowDevice } from './device-page';
import { applyStatePush, type LiveRow } from './state-push';

/**
 * A device that speaks for others (gateways): its row and its children's list, both followed live (a
 * child's state push patches its row in the list), then every push goes to `onPush`.
 */
export function useParentDevice<C extends LiveRow>(
  options: DeviceRowOptions<DeviceView> & {
    id: number;
    children: { queryKey: QueryKey; queryFn: () => Promise<C[]> };
    onPush?: (push: RealtimePush) => void;
  },
) {
  const client = useQueryClient();
  const { id } = options;
  const row = useDeviceRow(options);
  const children = useQuery({ ...options.children, enabled: row.ok });
  useFollowDevice({
    id,
    ok: row.ok,
    queryKey: options.queryKey,
    watch: (children.data ?? []).map((c) => c.id),
    onPush: (push) => {
      if (push.kind === 'state' && push.deviceId !== id) applyStatePush<C>(client, options.children.queryKey, push);
      options.onPush?.(push);
    },
  });
  return { ...row, children };
}
