import { Flex, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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
  /** The family's texts: the legend's labels (`<tones>.<tone>`) and the line under the map (`count`, given how many it shows). */
  texts: { tones: string; count: string };
  /** A device's page, opened by a click on its dot. */
  pathOf: (device: { id: number }) => string;
  testId: string;
}

/** A family list's map view: its devices as dots coloured by their state, a legend and their count. */
export function ToneMap<D extends LocatedDevice>({ devices, toneOf, colours, texts, pathOf, testId }: ToneMapProps<D>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draw = useAreaDraw();
  const marks = useMemo(
    () =>
      devices
        .filter((d) => d.lng !== null && d.lat !== null)
        .map((d) => ({ id: d.id, lng: d.lng as number, lat: d.lat as number, tone: toneOf(d) })),
    [devices, toneOf],
  );
  const tones = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(colours).map(([k, colour]) => [k, { colour, label: t(`${texts.tones}.${k}`) }]),
      ),
    [colours, t, texts.tones],
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
          onDevice={(id) => navigate(pathOf({ id }))}
          height={520}
        />
      </Suspense>
      <Typography.Text type="secondary" data-testid={testId}>
        {t(texts.count, { count: marks.length })}
      </Typography.Text>
    </Flex>
  );
}
