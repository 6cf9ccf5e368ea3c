import { type DeviceView, familyOf, NETWORK_FIELDS, type NetworkField } from '@sc/contract';
import type { Params } from '../../../api/client';

/** The wizard's steps and the fields each one holds (server field errors jump to their step). */
export const BASE_FIELDS = [
  'name',
  'no',
  'type',
  'modelId',
  'factoryId',
  'projectId',
  'areaId',
  'groupId',
  'parentId',
  'productionName',
  'productionNo',
  'description',
] as const;
export const COORDINATE_FIELDS = ['lng', 'lat'] as const;

/** Network fields of a custom type (not a family of the contract). */
const DEFAULT_NETWORK: readonly NetworkField[] = ['equipmentId', 'ip', 'port', 'mac'];

export const networkOf = (type: string | undefined): readonly NetworkField[] =>
  type ? (familyOf(type)?.network ?? DEFAULT_NETWORK) : [];

/** The step (0 base, 1 type, 2 coordinate) that shows a field, by its server name (`props.x` → 1). */
export function stepOfField(field: string): number {
  const head = field.split('.')[0];
  if ((BASE_FIELDS as readonly string[]).includes(head)) return 0;
  if (head === 'props' || (NETWORK_FIELDS as readonly string[]).includes(head)) return 1;
  if ((COORDINATE_FIELDS as readonly string[]).includes(head)) return 2;
  return 3;
}

export type DeviceForm = Record<string, unknown> & { props?: Record<string, unknown> };

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** A stored device as the wizard's form values. */
export function deviceToForm(d: DeviceView): DeviceForm {
  const form: DeviceForm = {
    name: d.name,
    no: d.no,
    type: d.type,
    modelId: d.modelId ?? undefined,
    factoryId: d.factoryId ?? undefined,
    projectId: d.projectId,
    areaId: d.areaId ?? undefined,
    groupId: d.groupId ?? undefined,
    parentId: d.parentId ?? undefined,
    productionName: d.productionName,
    productionNo: d.productionNo,
    description: d.description,
    lng: d.lng,
    lat: d.lat,
    props: { ...(d.props ?? {}) },
  };
  for (const field of NETWORK_FIELDS) {
    if (field === 'loginPassword') continue;
    const value = (d as unknown as Record<string, unknown>)[field];
    form[field] = blank(value) ? undefined : value;
  }
  return form;
}

/** Type properties without blanks (blank means "not given"). */
export function cleanProps(props: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(props ?? {}).filter(([, v]) => !blank(v)));
}

/** The form body of POST/PUT …/devices.do: the family's network fields only; `props` as a JSON string. */
export function formToBody(values: DeviceForm): Params {
  const type = String(values.type ?? '');
  const family = familyOf(type);
  const body: Params = {};
  for (const field of BASE_FIELDS) {
    if (field === 'parentId' && !family?.parentTypes?.length) continue;
    const value = values[field];
    if (!blank(value)) body[field] = value as string | number;
  }
  for (const field of COORDINATE_FIELDS) {
    const value = values[field];
    if (!blank(value)) body[field] = value as number;
  }
  for (const field of networkOf(type)) {
    const value = values[field];
    if (!blank(value)) body[field] = value as string | number;
  }
  body.props = JSON.stringify(cleanProps(values.props));
  return body;
}

// ── The draft: "it can be left and resumed without losing input".
export interface Draft {
  values: DeviceForm;
  step: number;
}

export const draftKey = (scopeKey: string, id: number | undefined) => `sc.deviceDraft.${scopeKey}.${id ?? 'new'}`;

export function readDraft(key: string): Draft | null {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Draft;
    return draft && typeof draft === 'object' && draft.values ? draft : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: Draft): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // storage full or unavailable: the wizard still works, only without a draft
  }
}

export function clearDraft(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // nothing to clear
  }
}
