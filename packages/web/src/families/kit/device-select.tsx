import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';

interface Named {
  id: number;
  name: string;
}

/** A family's device list call (the contract's pageCall): a page of the project's devices. */
interface DevicePageCall<Row extends Named> {
  (args: { query: { page: number; pageSize: number; includeChildren?: boolean } }): Promise<{ list: Row[] }>;
  key(args?: { query?: unknown }): readonly unknown[];
}

/** What a screen picks among: the first hundred of the project's devices of a family, with the child projects' when asked. */
export function useFamilyDevices<Row extends Named>(page: DevicePageCall<Row>, includeChildren = false) {
  const query = { page: 1, pageSize: 100, ...(includeChildren && { includeChildren }) };
  // Apart from the list screen's pages of the same call, which are searched and filtered.
  return useQuery({ queryKey: [...page.key({ query }), 'choices'], queryFn: () => page({ query }) });
}

/** One of those devices (useFamilyDevices) by its name, searchable. */
export function DeviceSelect({
  devices,
  ...props
}: SelectProps<number> & { devices: { data?: { list: readonly Named[] }; isLoading: boolean } }) {
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      loading={devices.isLoading}
      options={(devices.data?.list ?? []).map((d) => ({ value: d.id, label: d.name }))}
      {...props}
    />
  );
}
