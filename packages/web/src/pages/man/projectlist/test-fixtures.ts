import type { Call } from '../../../test/render';

/** Answers of the calls every administration screen makes (menus give the screen's level). */
export function frameAnswers(path: string, level: number, call: Call) {
  const { pathname } = call.url;
  if (pathname === '/api/menus.do') return { json: [{ key: 'x', path, icon: '', name: 'x', level }] };
  if (pathname === '/api/pub/runningparams.do') {
    return {
      json: {
        pageSize: 25,
        searchWordLimit: 5,
        map: { lng: 119.50081, lat: 32.1692833, zoom: 18, tileUrl: '', tileAttribution: '' },
      },
    };
  }
  return undefined;
}

interface Node {
  id: number;
  parentId: number | null;
  children: Node[];
  [field: string]: unknown;
}

const node = (id: number, parentId: number | null, name: string, children: Node[] = []): Node => ({
  id,
  parentId,
  parentName: parentId ? 'Root' : null,
  name,
  no: `P${id}`,
  description: '',
  lng: 119.5,
  lat: 32.1,
  status: 1,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  children,
});

export const TREE = [node(1, null, '根项目甲', [node(2, 1, '子项目乙')])];
export const PROJECTS = [TREE[0], TREE[0].children[0]].map(({ children: _c, ...p }) => p);
