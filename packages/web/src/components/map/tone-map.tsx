import { Flex, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useAreaDraw } from './use-area-draw';

const AreaMap = lazy(() => import('./area-map'));

/** A device a family list puts on its map: where it stands (null: not shown). */
export interface LocatedDevice {
  id: number;
  lng: number | null;
  lat: number | null;
}

export interface ToneMapProps<D extends LocatedDevice> {
  devices: readonly D[];
  /** The device's tone, a key of `colours`. */
  toneOf: (device: D) => string;
  /** Each tone's colour, in the legend's order. */
  colours: Record<string, string>;
  /** A tone's label in the legend. */
  label: (tone: string) => string;
  /** The line under the map, given how many devices it shows. */
  countLabel: (count: number) => string;
  onDevice: (id: number) => void;
  testId: string;
}

/** A family list's map view: its devices as dots coloured by their state, a legend and their count. */
export function ToneMap<D extends LocatedDevice>({
  devices,
  toneOf,
  colours,
  label,
  countLabel,
  onDevice,
  testId,
}: ToneMapProps<D>) {
  const draw = useAreaDraw();
  const marks = useMemo(
    () =>
      devices
        .filter((d) => d.lng !== null && d.lat !== null)
        .map((d) => ({ id: d.id, lng: d.lng as number, lat: d.lat as number, tone: toneOf(d) })),
    [devices, toneOf],
  );
  const tones = useMemo(
    () => Object.fromEntries(Object.entries(colours).map(([k, colour]) => [k, { colour, label: label(k) }])),
    [colours, label],
  );
  return (
    <Flex vertical gap={12}>
      <Suspense fallback={<div style={{ height: 520 }} />}>
        <AreaMap
          marks={marks}
          tones={tones}
          draw={draw}
          picked={new Set()}
          pickedLabel=""
          onDevice={onDevice}
          height={520}
        />
      </Suspense>
      <Typography.Text type="secondary" data-testid={testId}>
        {countLabel(marks.length)}
      </Typography.Text>
    </Flex>
  );
}
