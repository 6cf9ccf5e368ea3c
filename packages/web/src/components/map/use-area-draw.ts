import { useCallback, useMemo, useState } from 'react';
import type { LngLat } from './area';

/** Where a drawing is: none, vertices being placed, or a closed area. */
export type AreaMode = 'idle' | 'drawing' | 'done';

export interface AreaDrawState {
  mode: AreaMode;
  /** The vertices so far; a closed area's polygon (not repeating its first vertex). */
  vertices: LngLat[];
}

export interface AreaDraw extends AreaDrawState {
  /** Starts a new drawing (the previous area is dropped). */
  start: () => void;
  /** Adds a vertex while drawing. */
  add: (vertex: LngLat) => void;
  /** Removes the last vertex. */
  undo: () => void;
  /** Closes the area when it has at least three vertices; answers whether it did. */
  finish: () => boolean;
  /** Drops the drawing or the area. */
  clear: () => void;
  /** The closed area, or null. */
  area: LngLat[] | null;
}

export const MIN_VERTICES = 3;
const IDLE: AreaDrawState = { mode: 'idle', vertices: [] };

/** The pure transitions of a drawing (the hook and its tests share them). */
export const areaDrawing = {
  start: (): AreaDrawState => ({ mode: 'drawing', vertices: [] }),
  add: (s: AreaDrawState, v: LngLat): AreaDrawState => {
    if (s.mode !== 'drawing') return s;
    const last = s.vertices[s.vertices.length - 1];
    // A double click also clicks twice on one spot: one vertex.
    if (last && last[0] === v[0] && last[1] === v[1]) return s;
    return { mode: 'drawing', vertices: [...s.vertices, v] };
  },
  undo: (s: AreaDrawState): AreaDrawState =>
    s.mode === 'drawing' ? { mode: 'drawing', vertices: s.vertices.slice(0, -1) } : s,
  finish: (s: AreaDrawState): AreaDrawState =>
    s.mode === 'drawing' && s.vertices.length >= MIN_VERTICES ? { mode: 'done', vertices: s.vertices } : s,
  clear: (): AreaDrawState => IDLE,
};

/**
 * An area drawn on a map: `AreaDrawLayer` (inside the map) places vertices on clicks and closes the
 * area on a double click; `AreaDrawBar` (beside it) starts, finishes and clears; `onDone` gets the
 * closed polygon as [lng, lat] pairs.
 */
export function useAreaDraw(onDone?: (polygon: LngLat[]) => void): AreaDraw {
  const [state, setState] = useState<AreaDrawState>(IDLE);
  const finish = useCallback(() => {
    const next = areaDrawing.finish(state);
    if (next === state) return false;
    setState(next);
    onDone?.(next.vertices);
    return true;
  }, [state, onDone]);
  return useMemo(
    () => ({
      ...state,
      start: () => setState(areaDrawing.start()),
      add: (v: LngLat) => setState((s) => areaDrawing.add(s, v)),
      undo: () => setState((s) => areaDrawing.undo(s)),
      finish,
      clear: () => setState(areaDrawing.clear()),
      area: state.mode === 'done' ? state.vertices : null,
    }),
    [state, finish],
  );
}
