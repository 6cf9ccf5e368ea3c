import type { MapView } from '@sc/contract';
import L from 'leaflet';

export type Tone = 'error' | 'active' | 'unknown';

export const TONE_COLOURS: Record<Tone, string> = { error: '#f5222d', active: '#52c41a', unknown: '#8c8c8c' };

/** A device's tone: its active state (-1 abnormal, 1 normal, else unknown). */
export const stateTone = (state: number): Tone => (state === -1 ? 'error' : state === 1 ? 'active' : 'unknown');

/** One device on the map; kept (same object) while it stays in view, updated in place. */
export interface DeviceMark {
  id: number;
  lat: number;
  lng: number;
  type: string;
  state: number;
}

/** One cluster on the map; kept while a cluster of that size stays at that place. */
export interface ClusterMark {
  key: string;
  lat: number;
  lng: number;
  count: number;
  tone: Tone;
}

/** One pole on the map (a device group standing together): its devices as one marker, by group id. */
export interface PoleMark {
  pole: number;
  lat: number;
  lng: number;
  count: number;
  tone: Tone;
}

type Mark = DeviceMark | ClusterMark | PoleMark;

export interface DeviceLayerOptions extends L.LayerOptions {
  /** The image of a device of this type and state (about SPRITE_SIZE css px), or null for a dot. */
  sprite?: (type: string, state: number) => CanvasImageSource | null;
  onDevice?: (mark: DeviceMark) => void;
  onCluster?: (mark: ClusterMark) => void;
  onPole?: (mark: PoleMark) => void;
}

export const SPRITE_SIZE = 24;
/**
 * The canvas reaches this share of the view beyond each edge (a short pan shows devices at once). Kept
 * small: the browser copies the whole canvas to the screen after each draw, and the answer only holds
 * the devices of the view itself (issue 12: half the view on each side made that copy most of a task).
 */
const PADDING = 0.1;
/** A draw stops after this long and goes on at the next frame: no main-thread task over 100 ms. */
const SLICE_MS = 8;
const clusterRadius = (count: number) => (count < 10 ? 17 : count < 100 ? 20 : count < 1000 ? 24 : 28);
const clusterLabel = (count: number) => (count >= 10000 ? `${Math.round(count / 1000)}k` : String(count));
/** Half the side of a pole's square marker. */
const POLE_HALF = 13;

/** Web Mercator as Leaflet's EPSG:3857 projects it, in pixels at `scale` (256 * 2^zoom). */
const MAX_LAT = 85.0511287798;
const projectX = (lng: number, scale: number) => ((lng + 180) / 360) * scale;
function projectY(lat: number, scale: number) {
  const clamped = Math.max(Math.min(MAX_LAT, lat), -MAX_LAT);
  const sin = Math.sin((clamped * Math.PI) / 180);
  return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale;
}

/** A draw under way: where it is, so that it can go on at the next frame. */
interface Pass {
  ctx: CanvasRenderingContext2D;
  devices: Iterator<DeviceMark>;
  scale: number;
  dx: number;
  dy: number;
  width: number;
  height: number;
  n: number;
  devicesDrawn: number;
  shown: number;
  sample: string;
  marks: Mark[];
}

/**
 * Devices and clusters drawn on one canvas (not one DOM element each). The marks are kept by id and
 * updated in place across answers; the canvas is redrawn after a move or zoom ends, and moves and
 * scales with the map in between, so panning and zooming cost the browser nothing per device. A draw
 * of many devices runs in slices of SLICE_MS, one per frame, so the page never stalls.
 */
export class DeviceLayer extends L.Layer {
  readonly devices = new Map<number, DeviceMark>();
  readonly clusters = new Map<string, ClusterMark>();
  readonly poles = new Map<number, PoleMark>();
  declare options: DeviceLayerOptions;
  private canvas: HTMLCanvasElement | null = null;
  private origin = L.point(0, 0);
  /** The view's place in the canvas (css px): the canvas's padding. */
  private pad = L.point(0, 0);
  private view = L.point(0, 0);
  private topLeft: L.LatLng | null = null;
  private pass: Pass | null = null;
  private slice = 0;
  /** Where the last draw put each mark (canvas px), for clicks: clusters, poles, then devices. */
  private hitX = new Float32Array(0);
  private hitY = new Float32Array(0);
  private hitR = new Float32Array(0);
  private hitMarks: Mark[] = [];
  private frame = 0;
  /** Answers taken so far (the benchmark waits for the next one to be drawn). */
  private answers = 0;
  /** Poles the last draw showed, and one pole's place in the view. */
  private poleCount = 0;
  private poleSample = '';

  constructor(options: DeviceLayerOptions = {}) {
    super(options);
    L.setOptions(this, options);
  }

  /** Takes a new answer: marks of the same id (cluster place and size) stay the same objects. */
  setView(view: MapView): { added: number; updated: number; removed: number } {
    let added = 0;
    let updated = 0;
    let removed = 0;
    const seen = new Set<number>();
    for (const [id, lat, lng, typeIndex, state] of view.points) {
      seen.add(id);
      const type = view.types[typeIndex] ?? '';
      const mark = this.devices.get(id);
      if (!mark) {
        this.devices.set(id, { id, lat, lng, type, state });
        added++;
      } else if (mark.lat !== lat || mark.lng !== lng || mark.type !== type || mark.state !== state) {
        mark.lat = lat;
        mark.lng = lng;
        mark.type = type;
        mark.state = state;
        updated++;
      }
    }
    for (const id of this.devices.keys())
      if (!seen.has(id)) {
        this.devices.delete(id);
        removed++;
      }
    const keys = new Set<string>();
    for (const [lat, lng, count, error, , active] of view.clusters) {
      const key = `${count}@${lat.toFixed(7)},${lng.toFixed(7)}`;
      keys.add(key);
      const tone: Tone = error > 0 ? 'error' : active === count ? 'active' : 'unknown';
      const mark = this.clusters.get(key);
      if (!mark) {
        this.clusters.set(key, { key, lat, lng, count, tone });
        added++;
      } else if (mark.tone !== tone) {
        mark.tone = tone;
        updated++;
      }
    }
    for (const key of this.clusters.keys())
      if (!keys.has(key)) {
        this.clusters.delete(key);
        removed++;
      }
    const poles = new Set<number>();
    for (const [pole, lat, lng, count, state] of view.poles ?? []) {
      poles.add(pole);
      const tone = stateTone(state);
      const mark = this.poles.get(pole);
      if (!mark) {
        this.poles.set(pole, { pole, lat, lng, count, tone });
        added++;
      } else if (mark.lat !== lat || mark.lng !== lng || mark.count !== count || mark.tone !== tone) {
        mark.lat = lat;
        mark.lng = lng;
        mark.count = count;
        mark.tone = tone;
        updated++;
      }
    }
    for (const pole of this.poles.keys())
      if (!poles.has(pole)) {
        this.poles.delete(pole);
        removed++;
      }
    this.answers++;
    // A draw under way would go on with marks that changed: the next one starts over.
    this.stopPass();
    this.redraw();
    return { added, updated, removed };
  }

  /** Draws again on the next frame (after new sprites, say). */
  redraw() {
    if (!this._map || this.frame) return;
    this.frame = L.Util.requestAnimFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  override onAdd(map: L.Map) {
    const canvas = L.DomUtil.create('canvas', 'device-canvas leaflet-zoom-animated') as HTMLCanvasElement;
    canvas.dataset.testid = 'map-canvas';
    map.getPane('overlayPane')!.appendChild(canvas);
    // The map, for the console benchmark (bench/lib/console-map.mjs) to set views.
    (map.getContainer() as HTMLElement & { scDeviceMap?: L.Map }).scDeviceMap = map;
    this.canvas = canvas;
    this.reset();
    return this;
  }

  override onRemove(_map: L.Map) {
    if (this.frame) L.Util.cancelAnimFrame(this.frame);
    this.frame = 0;
    this.stopPass();
    this.canvas?.remove();
    this.canvas = null;
    return this;
  }

  override getEvents() {
    return {
      viewreset: this.reset,
      moveend: this.reset,
      resize: this.reset,
      zoomanim: this.animateZoom,
      click: this.click,
      mousemove: this.hover,
    } as unknown as { [name: string]: L.LeafletEventHandlerFn };
  }

  /** Moves the canvas over the view (with its padding) and draws. */
  private reset() {
    const map = this._map;
    const canvas = this.canvas;
    if (!map || !canvas) return;
    const size = map.getSize();
    const pad = size.multiplyBy(PADDING).round();
    this.pad = pad;
    this.view = size;
    this.origin = map.containerPointToLayerPoint(pad.multiplyBy(-1)).round();
    this.topLeft = map.layerPointToLatLng(this.origin);
    L.DomUtil.setPosition(canvas, this.origin);
    const width = size.x + 2 * pad.x;
    const height = size.y + 2 * pad.y;
    const dpr = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(width * dpr) || canvas.height !== Math.round(height * dpr)) {
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    }
    if (this.frame) L.Util.cancelAnimFrame(this.frame);
    this.frame = 0;
    this.draw();
  }

  /** During a zoom animation the drawn canvas scales with the map, as Leaflet's image overlays do. */
  private animateZoom(e: L.ZoomAnimEvent) {
    const map = this._map as L.Map & { _latLngToNewLayerPoint(ll: L.LatLng, zoom: number, center: L.LatLng): L.Point };
    if (!this.canvas || !this.topLeft) return;
    const offset = map._latLngToNewLayerPoint(this.topLeft, e.zoom, e.center);
    L.DomUtil.setTransform(this.canvas, offset, map.getZoomScale(e.zoom));
  }

  private stopPass() {
    if (this.slice) L.Util.cancelAnimFrame(this.slice);
    this.slice = 0;
    this.pass = null;
  }

  /** Clears the canvas, draws the clusters and starts drawing the devices (drawSlice goes on). */
  private draw() {
    this.stopPass();
    const map = this._map;
    const canvas = this.canvas;
    const ctx = canvas?.getContext('2d');
    if (!map || !canvas || !ctx) return;
    const dpr = canvas.width / (Number.parseFloat(canvas.style.width) || canvas.width);
    const width = canvas.width / dpr;
    const height = canvas.height / dpr;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const scale = 256 * 2 ** map.getZoom();
    const pixelOrigin = map.getPixelOrigin();
    const dx = pixelOrigin.x + this.origin.x;
    const dy = pixelOrigin.y + this.origin.y;
    const total = this.devices.size + this.clusters.size + this.poles.size;
    if (this.hitX.length < total) {
      this.hitX = new Float32Array(total);
      this.hitY = new Float32Array(total);
      this.hitR = new Float32Array(total);
    }
    const marks: Mark[] = [];
    this.hitMarks = marks;
    let n = 0;
    let shown = 0;

    // Clusters under the devices (a few hundred at most: drawn at once).
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.font = '600 12px sans-serif';
    ctx.lineWidth = 3;
    ctx.strokeStyle = 'rgba(255,255,255,0.85)';
    for (const c of this.clusters.values()) {
      const x = projectX(c.lng, scale) - dx;
      const y = projectY(c.lat, scale) - dy;
      if (!this.visible(x, y, width, height)) continue;
      const r = clusterRadius(c.count);
      ctx.beginPath();
      ctx.arc(x, y, r, 0, Math.PI * 2);
      ctx.fillStyle = TONE_COLOURS[c.tone];
      ctx.globalAlpha = 0.88;
      ctx.fill();
      ctx.globalAlpha = 1;
      ctx.stroke();
      ctx.fillStyle = '#fff';
      ctx.fillText(clusterLabel(c.count), x, y + 0.5);
      this.hitX[n] = x;
      this.hitY[n] = y;
      this.hitR[n] = r;
      marks.push(c);
      n++;
      if (this.inView(x, y)) shown += c.count;
    }
    // Poles over the clusters: a square in the tone of the pole's worst device, with their count.
    let poles = 0;
    let poleSample = '';
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#fff';
    for (const p of this.poles.values()) {
      const x = projectX(p.lng, scale) - dx;
      const y = projectY(p.lat, scale) - dy;
      if (!this.visible(x, y, width, height)) continue;
      const h = POLE_HALF;
      ctx.beginPath();
      ctx.roundRect(x - h, y - h, 2 * h, 2 * h, 5);
      ctx.fillStyle = TONE_COLOURS[p.tone];
      ctx.fill();
      ctx.stroke();
      // The pole's mast and arm above the count.
      ctx.beginPath();
      ctx.moveTo(x - 5, y - h + 4);
      ctx.lineTo(x + 5, y - h + 4);
      ctx.stroke();
      ctx.fillStyle = '#fff';
      ctx.fillText(clusterLabel(p.count), x, y + 2.5);
      this.hitX[n] = x;
      this.hitY[n] = y;
      this.hitR[n] = h + 1;
      marks.push(p);
      n++;
      poles++;
      if (this.inView(x, y)) {
        shown += p.count;
        if (!poleSample) poleSample = `${Math.round(x - this.pad.x)},${Math.round(y - this.pad.y)}`;
      }
    }
    this.poleCount = poles;
    this.poleSample = poleSample;
    this.pass = {
      ctx,
      devices: this.devices.values(),
      scale,
      dx,
      dy,
      width,
      height,
      n,
      devicesDrawn: 0,
      shown,
      sample: '',
      marks,
    };
    this.drawSlice();
  }

  /** Devices shown inside the view itself (not the canvas's padding) count as shown. */
  private inView(x: number, y: number) {
    return x >= this.pad.x && y >= this.pad.y && x <= this.pad.x + this.view.x && y <= this.pad.y + this.view.y;
  }

  private visible(x: number, y: number, width: number, height: number) {
    const margin = 30;
    return x > -margin && y > -margin && x < width + margin && y < height + margin;
  }

  /** Draws devices for SLICE_MS, then goes on at the next frame; the last slice says what was drawn. */
  private drawSlice() {
    const pass = this.pass;
    if (!pass) return;
    const { ctx, scale, dx, dy, width, height, marks } = pass;
    const started = performance.now();
    const half = SPRITE_SIZE / 2;
    const { x: left, y: top } = this.pad;
    const { x: viewWidth, y: viewHeight } = this.view;
    let count = 0;
    for (let next = pass.devices.next(); !next.done; next = pass.devices.next()) {
      const d = next.value;
      const x = projectX(d.lng, scale) - dx;
      const y = projectY(d.lat, scale) - dy;
      if (this.visible(x, y, width, height)) {
        const sprite = this.options.sprite?.(d.type, d.state) ?? null;
        if (sprite) ctx.drawImage(sprite, x - half, y - half, SPRITE_SIZE, SPRITE_SIZE);
        else {
          ctx.beginPath();
          ctx.arc(x, y, 7, 0, Math.PI * 2);
          ctx.fillStyle = TONE_COLOURS[stateTone(d.state)];
          ctx.fill();
        }
        this.hitX[pass.n] = x;
        this.hitY[pass.n] = y;
        this.hitR[pass.n] = half;
        marks.push(d);
        pass.n++;
        pass.devicesDrawn++;
        if (this.inView(x, y)) pass.shown++;
        if (!pass.sample && x > left + 20 && y > top + 20 && x < left + viewWidth - 20 && y < top + viewHeight - 20)
          pass.sample = `${Math.round(x - left)},${Math.round(y - top)}`;
      }
      if (++count % 64 === 0 && performance.now() - started > SLICE_MS) {
        this.slice = L.Util.requestAnimFrame(() => {
          this.slice = 0;
          this.drawSlice();
        });
        return;
      }
    }
    this.pass = null;
    const canvas = this.canvas;
    if (!canvas || !this._map) return;
    // For tests and the benchmark: what the last draw showed, and one device's place in the view.
    canvas.dataset.devices = String(pass.devicesDrawn);
    canvas.dataset.clusters = String(pass.n - pass.devicesDrawn - this.poleCount);
    canvas.dataset.poles = String(this.poleCount);
    canvas.dataset.poleSample = this.poleSample;
    canvas.dataset.sample = pass.sample;
    canvas.dataset.shown = String(pass.shown);
    canvas.dataset.zoom = String(this._map.getZoom());
    canvas.dataset.answers = String(this.answers);
  }

  /** The topmost mark under a point of the map's layer, if any. */
  private markAt(layerPoint: L.Point): Mark | null {
    const x = layerPoint.x - this.origin.x;
    const y = layerPoint.y - this.origin.y;
    for (let i = this.hitMarks.length - 1; i >= 0; i--) {
      const ddx = x - this.hitX[i]!;
      const ddy = y - this.hitY[i]!;
      const r = this.hitR[i]!;
      if (ddx * ddx + ddy * ddy <= r * r) return this.hitMarks[i]!;
    }
    return null;
  }

  private click(e: L.LeafletMouseEvent) {
    const mark = this.markAt(e.layerPoint);
    if (!mark) return;
    if ('id' in mark) this.options.onDevice?.(mark);
    else if ('pole' in mark) this.options.onPole?.(mark);
    else this.options.onCluster?.(mark);
  }

  private hover(e: L.LeafletMouseEvent) {
    const container = this._map?.getContainer();
    if (container) container.style.cursor = this.markAt(e.layerPoint) ? 'pointer' : '';
  }
}
