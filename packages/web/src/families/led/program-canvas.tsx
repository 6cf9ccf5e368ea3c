import type Konva from 'konva';
import { useEffect, useRef } from 'react';
import { Group, Layer, Rect, Stage, Text, Transformer } from 'react-konva';
import { clampBox, type DraftLayer } from './program-model';

type Box = { left: number; top: number; width: number; height: number };

const COLOURS: Record<string, string> = {
  text: '#1677ff',
  image: '#52c41a',
  video: '#fa8c16',
  flash: '#eb2f96',
  html: '#722ed1',
  env: '#13c2c2',
};

/**
 * The screen's pixels (scaled by `scale`) with its layers placed on them: a layer is chosen by a click,
 * moved by dragging and resized by its handles, always kept inside the screen, in whole pixels.
 * Loaded with the editor's chunk only (Konva is large).
 */
export default function ProgramCanvas({
  screen,
  layers,
  scale,
  selected,
  onSelect,
  onChange,
  labelOf,
  readOnly = false,
}: {
  screen: { width: number; height: number };
  layers: DraftLayer[];
  scale: number;
  selected: number | null;
  onSelect: (index: number | null) => void;
  onChange: (index: number, box: Box) => void;
  labelOf: (layer: DraftLayer, index: number) => string;
  /** A checked program (or a reader): layers chosen, not moved. */
  readOnly?: boolean;
}) {
  const transformer = useRef<Konva.Transformer>(null);
  const shapes = useRef(new Map<string, Konva.Group>());
  const chosen = selected === null ? undefined : layers[selected];
  useEffect(() => {
    const node = chosen ? shapes.current.get(chosen.key) : undefined;
    transformer.current?.nodes(node ? [node] : []);
    transformer.current?.getLayer()?.batchDraw();
  }, [chosen]);
  const width = screen.width * scale;
  const height = screen.height * scale;
  const place = (index: number, node: Konva.Node, size?: { width: number; height: number }) =>
    onChange(
      index,
      clampBox(
        {
          left: node.x() / scale,
          top: node.y() / scale,
          width: (size?.width ?? layers[index]!.width * scale) / scale,
          height: (size?.height ?? layers[index]!.height * scale) / scale,
        },
        screen,
      ),
    );
  return (
    <Stage
      width={width}
      height={height}
      style={{ background: '#000', width, height }}
      onMouseDown={(e) => {
        if (e.target === e.target.getStage()) onSelect(null);
      }}
    >
      <Layer>
        {layers.map((l, i) => (
          <Group
            key={l.key}
            ref={(node) => {
              if (node) shapes.current.set(l.key, node);
              else shapes.current.delete(l.key);
            }}
            x={l.left * scale}
            y={l.top * scale}
            width={l.width * scale}
            height={l.height * scale}
            draggable={!readOnly}
            dragBoundFunc={(pos) => ({
              x: Math.min(Math.max(0, pos.x), width - l.width * scale),
              y: Math.min(Math.max(0, pos.y), height - l.height * scale),
            })}
            onMouseDown={() => onSelect(i)}
            onTap={() => onSelect(i)}
            onDragEnd={(e) => place(i, e.target)}
            onTransformEnd={(e) => {
              const node = e.target;
              const size = { width: node.width() * node.scaleX(), height: node.height() * node.scaleY() };
              node.scaleX(1);
              node.scaleY(1);
              place(i, node, size);
            }}
          >
            <Rect
              width={l.width * scale}
              height={l.height * scale}
              fill={`${COLOURS[l.type] ?? '#888888'}55`}
              stroke={COLOURS[l.type] ?? '#888888'}
              strokeWidth={selected === i ? 2 : 1}
            />
            <Text text={labelOf(l, i)} fill="#ffffff" fontSize={12} padding={4} />
          </Group>
        ))}
        <Transformer
          ref={transformer}
          resizeEnabled={!readOnly}
          rotateEnabled={false}
          keepRatio={false}
          boundBoxFunc={(old, next) =>
            next.width < 4 ||
            next.height < 4 ||
            next.x < -0.5 ||
            next.y < -0.5 ||
            next.x + next.width > width + 0.5 ||
            next.y + next.height > height + 0.5
              ? old
              : next
          }
        />
      </Layer>
    </Stage>
  );
}
